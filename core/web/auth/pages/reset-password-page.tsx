import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CoreApi } from '@civic/core/common/api-paths';
import { ResetPasswordDto } from '@civic/core/common/dto/password-flows.dto';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { useSubmission } from '../../forms/use-submission';
import { useService } from '../../di/container-context';
import { usePageTitle } from '../../page/use-page-title';
import { CardLinks, PublicCard } from '../auth-links';
import { AuthService } from '../auth-service';
import { FormField } from '../../forms/form-field';
import { IdentityPaths } from '../identity-routes';
import { PasswordRulesChecklist } from '../password-rules-checklist';
import { serverFieldErrors, useDtoForm } from '../../forms/use-dto-form';

const FIELDS = ['password', 'confirmPassword'] as const;

/**
 * /reset-password?token=… (§4): a new password from the mailed link, with the clear step; a used
 * or expired link (401) says so and offers a new one.
 */
export function ResetPasswordPage() {
  const auth = useService<AuthService>(AuthService);
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useDtoForm('reset', ResetPasswordDto, { password: '', confirmPassword: '' }, (v) => ({ token, ...v }));
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'expired'; message: string } | null>(token ? null : { kind: 'expired', message: Messages.resetLinkExpired });
  const { submitting, failure, run } = useSubmission();
  usePageTitle('Reset password');

  useEffect(() => form.refs.password.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    await run(
      async () => {
        const message = await auth.publicCall(CoreApi.resetPassword, { token, ...form.values });
        setOutcome({ kind: 'done', message: message || Messages.passwordUpdated });
      },
      (error) => {
        if (isApiError(error) && error.status === 401) setOutcome({ kind: 'expired', message: Messages.resetLinkExpired });
        else if (isApiError(error) && Object.keys(error.fields).some((f) => (FIELDS as readonly string[]).includes(f))) form.showErrors(serverFieldErrors(error.fields, FIELDS));
        else return errorMessage(error, Messages.genericServerError);
      },
    );
  }

  if (outcome?.kind === 'expired') {
    return (
      <PublicCard title="Reset password">
        <Callout intent="danger" role="alert">
          {outcome.message}
        </Callout>
        <CardLinks links={[{ to: IdentityPaths.forgotPassword, text: 'Request a new link' }, { to: IdentityPaths.login, text: 'Back to sign in' }]} />
      </PublicCard>
    );
  }
  if (outcome?.kind === 'done') {
    return (
      <PublicCard title="Password updated">
        <Callout intent="success" role="status">
          {outcome.message}
        </Callout>
        <CardLinks links={[{ to: IdentityPaths.login, text: 'Sign in' }]} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Reset password" intro="Choose a new password for your account.">
      {failure && (
        <Callout intent="danger" role="alert" className="civic-login-failure">
          {failure}
        </Callout>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="page-title">
        <FormField form={form} field="password" label="New password" type="password" autoComplete="new-password" />
        <FormField form={form} field="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
        <PasswordRulesChecklist password={form.values.password} confirmation={form.values.confirmPassword} />
        <div className="civic-form-actions">
          <Button type="submit" intent="primary" size="large" loading={submitting} text="Reset password" />
          <Button
            size="large"
            text="Clear"
            onClick={() => {
              form.reset();
              form.refs.password.current?.focus();
            }}
          />
        </div>
      </form>
    </PublicCard>
  );
}
