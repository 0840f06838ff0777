import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoginDto } from '@civic/core/common/dto/login.dto';
import { validateDto } from '@civic/core/common/dto/validate';
import type { LoginFailureInfo } from '@civic/core/common/model';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../api/api-error';
import { useService } from '../di/container-context';
import { usePageTitle } from '../page/use-page-title';
import { PluginCatalog } from '../plugins/plugin-catalog';
import { AuthService } from './auth-service';

type Field = 'email' | 'password';

/** §4: where a failed login leads, once the identity screens exist (checked, never dead links). */
export const LoginOutcomePaths = { locked: '/locked-account', activation: '/account-activation' } as const;

/**
 * /login: email and password, validated with the same LoginDto the server uses, sent encrypted
 * (§7). On success the guard takes the user to /dashboard, or back to the page that sent them here.
 */
export function LoginPage() {
  const auth = useService<AuthService>(AuthService);
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  usePageTitle('Sign in');

  // Start in the email field: the one thing to do on this page.
  useEffect(() => inputs.email.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps

  function validate(next: Record<Field, string>): Partial<Record<Field, string>> {
    const { fields } = validateDto(LoginDto, { email: next.email.trim(), password: next.password });
    return { email: fields.email?.[0], password: fields.password?.[0] };
  }

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field]) setErrors(validate(next));
  }

  function blur(field: Field) {
    setTouched({ ...touched, [field]: true });
    setErrors({ ...errors, [field]: validate(values)[field] });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setTouched({ email: true, password: true });
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((f) => found[f]);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      await auth.login(values.email.trim(), values.password);
      // The layout guard now sees a signed-in user and leaves this page.
    } catch (error) {
      setSubmitting(false);
      const detail = isApiError(error) ? (error.detail as Partial<LoginFailureInfo> | undefined) : undefined;
      if (detail?.isLocked && catalog.hasRoute(LoginOutcomePaths.locked)) {
        navigate(LoginOutcomePaths.locked);
        return;
      }
      if (isApiError(error) && error.status === 403 && catalog.hasRoute(LoginOutcomePaths.activation)) {
        navigate(LoginOutcomePaths.activation);
        return;
      }
      setFailure(isApiError(error) ? error.message : Messages.errorEncountered);
      setValues((v) => ({ ...v, password: '' }));
      inputs.password.current?.focus();
    }
  }

  const fieldProps = (field: Field) => ({
    id: `login-${field}`,
    inputRef: inputs[field],
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
    onBlur: () => blur(field),
    intent: errors[field] ? ('danger' as const) : undefined,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    size: 'large' as const,
  });

  return (
    <Card className="civic-login-card" elevation={2}>
      <h1 id="page-title" className="civic-login-title" tabIndex={-1}>
        Sign in
      </h1>
      <p className="civic-login-intro">Use your public-service or authorised official email address.</p>
      {failure && (
        <Callout intent="danger" role="alert" className="civic-login-failure">
          {failure}
        </Callout>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="page-title">
        <FormGroup label="Email" labelFor="login-email" helperText={fieldError('email', errors.email)} intent={errors.email ? 'danger' : 'none'}>
          <InputGroup {...fieldProps('email')} type="email" name="email" autoComplete="username" inputMode="email" />
        </FormGroup>
        <FormGroup
          label="Password"
          labelFor="login-password"
          helperText={fieldError('password', errors.password)}
          intent={errors.password ? 'danger' : 'none'}
        >
          <InputGroup {...fieldProps('password')} type="password" name="password" autoComplete="current-password" />
        </FormGroup>
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Sign in" />
      </form>
    </Card>
  );
}

function fieldError(field: Field, message: string | undefined) {
  return message ? <span id={`login-${field}-error`}>{message}</span> : undefined;
}
