import { Button, Callout, Card } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { OtpVerifyDto } from '@civic/core/common/dto/otp.dto';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../../api/api-error';
import { useService } from '../../di/container-context';
import { usePageTitle } from '../../page/use-page-title';
import { ToastService } from '../../toasts/toast-service';
import { AuthService } from '../auth-service';
import { FormField } from '../../forms/form-field';
import { useDtoForm } from '../../forms/use-dto-form';
import { errorMessage } from '../../api/error-message';

/**
 * /twofa-otp (bare layout): the second factor. The 6-digit code mailed for this sign-in, or the
 * current code of an authenticator app the user set up. On success the guard moves on to /dashboard.
 */
export function TwoFactorPage() {
  const auth = useService<AuthService>(AuthService);
  const toasts = useService<ToastService>(ToastService);
  const form = useDtoForm('otp', OtpVerifyDto, { otp: '' }, (v) => ({ otp: v.otp.trim() }));
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  usePageTitle('One-time code');

  useEffect(() => form.refs.otp.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps

  /** The server ended this attempt (too many wrong codes, expired): start again from /login. */
  function ended(error: unknown): boolean {
    if (!isApiError(error) || error.status !== 401) return false;
    if ((error.detail as { attemptEnded?: boolean } | undefined)?.attemptEnded === false) return false;
    toasts.error(error.message || Messages.otpAttemptEnded);
    auth.endLocally();
    return true;
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    setBusy('verify');
    setNotice(null);
    try {
      await auth.verifyOtp(form.values.otp.trim());
    } catch (error) {
      setBusy(null);
      if (ended(error)) return;
      form.reset({ otp: '' });
      form.showErrors({ otp: isApiError(error) && error.status !== 401 ? error.message : Messages.wrongOtp });
    }
  }

  async function resend() {
    setBusy('resend');
    try {
      setNotice((await auth.resendOtp()) || Messages.otpResent);
      form.reset({ otp: '' });
      form.refs.otp.current?.focus();
    } catch (error) {
      if (!ended(error)) toasts.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="civic-narrow-page">
      <Card elevation={1}>
        <p>{Messages.otpSent} It is valid for 10 minutes.</p>
        <p className="civic-muted">If you have set up an authenticator app, you may enter its current code instead.</p>
        {notice && (
          <Callout intent="success" role="status" className="civic-form-notice">
            {notice}
          </Callout>
        )}
        <form onSubmit={(e) => void verify(e)} noValidate aria-label="Verify your sign-in">
          <FormField
            form={form}
            field="otp"
            label="One-time code"
            helper="6 digits"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <div className="civic-form-actions">
            <Button type="submit" intent="primary" size="large" text="Verify" loading={busy === 'verify'} />
            <Button variant="minimal" text="Resend code" loading={busy === 'resend'} onClick={() => void resend()} />
            <Button variant="minimal" text="Sign in again" onClick={() => auth.endLocally('logout')} />
          </div>
        </form>
      </Card>
    </div>
  );
}
