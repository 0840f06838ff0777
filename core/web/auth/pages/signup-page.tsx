import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { CoreApi } from '@civic/core/common/api-paths';
import { SignupDto } from '@civic/core/common/dto/signup.dto';
import { isAllowedEmailDomain } from '@civic/core/common/identity/email-domain';
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
import { useAuthConfig } from '../use-auth-config';
import { useCaptcha } from '../use-captcha';
import { serverFieldErrors, useDtoForm } from '../../forms/use-dto-form';

const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

/** /signup (§4 activation): name, email, password; an inactive account and an activation mail. */
export function SignupPage() {
  const auth = useService<AuthService>(AuthService);
  const config = useAuthConfig();
  const captcha = useCaptcha(config?.captcha === true);
  const form = useDtoForm('signup', SignupDto, { name: '', email: '', password: '', confirmPassword: '' }, (v) => ({
    ...v,
    name: v.name.trim(),
    email: v.email.trim(),
  }));
  const [sent, setSent] = useState<string | null>(null);
  const { submitting, failure, run } = useSubmission();
  usePageTitle('Create an account');

  useEffect(() => form.refs.name.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const email = form.values.email.trim();
    if (config && !isAllowedEmailDomain(email, config.allowedEmailDomains)) {
      form.showErrors({ email: Messages.emailDomainNotAllowed });
      return;
    }
    if (!captcha.ready()) return;
    const body = { ...form.values, name: form.values.name.trim(), email, ...(captcha.payload ? { captcha: captcha.payload } : {}) };
    await run(
      async () => setSent((await auth.publicCall(CoreApi.signup, body)) || Messages.signupReceived),
      (error) => {
        const fields = isApiError(error) ? error.fields : {};
        captcha.renew(fields.captcha?.[0]);
        const shown = serverFieldErrors(fields, FIELDS);
        if (Object.keys(shown).length > 0) form.showErrors(shown);
        else if (!fields.captcha) return errorMessage(error);
      },
    );
  }

  if (sent) {
    return (
      <PublicCard title="Check your email">
        <Callout intent="success" role="status">
          {sent}
        </Callout>
        <p className="civic-card-text">Open the link in the email to activate your account, then sign in.</p>
        <CardLinks links={[{ to: IdentityPaths.login, text: 'Back to sign in' }]} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Create an account" intro="Use your public-service or authorised official email address.">
      {failure && (
        <Callout intent="danger" role="alert" className="civic-login-failure">
          {failure}
        </Callout>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="page-title">
        <FormField form={form} field="name" label="Name" autoComplete="name" />
        <FormField form={form} field="email" label="Email" type="email" autoComplete="email" inputMode="email" />
        <FormField form={form} field="password" label="Password" type="password" autoComplete="new-password" />
        <FormField form={form} field="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" />
        <PasswordRulesChecklist password={form.values.password} confirmation={form.values.confirmPassword} />
        {captcha.field}
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Create account" />
      </form>
      <CardLinks links={[{ to: IdentityPaths.login, text: 'Already have an account? Sign in' }]} />
    </PublicCard>
  );
}
