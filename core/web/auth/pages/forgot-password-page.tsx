import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { CoreApi } from '@civic/core/common/api-paths';
import { ForgotPasswordDto } from '@civic/core/common/dto/forgot-password.dto';
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
import { useAuthConfig } from '../use-auth-config';
import { useDtoForm } from '../../forms/use-dto-form';
import { useCaptcha } from '../use-captcha';

/** /forgot-password (§4): asks for a reset link; the same confirmation whether or not the account exists. */
export function ForgotPasswordPage() {
  const auth = useService<AuthService>(AuthService);
  const config = useAuthConfig();
  const captcha = useCaptcha(config?.captcha === true);
  const form = useDtoForm('forgot', ForgotPasswordDto, { email: '' }, (v) => ({ email: v.email.trim() }));
  const [sent, setSent] = useState<string | null>(null);
  const { submitting, failure, run } = useSubmission();
  usePageTitle('Forgot password');

  useEffect(() => form.refs.email.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check() || !captcha.ready()) return;
    const body = { email: form.values.email.trim(), ...(captcha.payload ? { captcha: captcha.payload } : {}) };
    await run(
      async () => setSent((await auth.publicCall(CoreApi.forgotPassword, body)) || Messages.forgotPasswordSent),
      (error) => {
        const fields = isApiError(error) ? error.fields : {};
        captcha.renew(fields.captcha?.[0]);
        if (fields.email) form.showErrors({ email: fields.email[0] });
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
        <p className="civic-card-text">The link is valid for 30 minutes and works once.</p>
        <CardLinks links={[{ to: IdentityPaths.login, text: 'Back to sign in' }]} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Forgot password" intro="Enter your email address and we will send you a link to reset your password.">
      {failure && (
        <Callout intent="danger" role="alert" className="civic-login-failure">
          {failure}
        </Callout>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="page-title">
        <FormField form={form} field="email" label="Email" type="email" autoComplete="username" inputMode="email" />
        {captcha.field}
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Send reset link" />
      </form>
      <CardLinks links={[{ to: IdentityPaths.login, text: 'Back to sign in' }]} />
    </PublicCard>
  );
}
