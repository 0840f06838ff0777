import { Button, Callout, Classes, Divider } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CoreApi } from '@civic/core/common/api-paths';
import { LoginDto } from '@civic/core/common/dto/login.dto';
import type { ActivationRequiredInfo, AuthConfig, LoginFailureInfo } from '@civic/core/common/model';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../api/api-error';
import { useService } from '../di/container-context';
import { usePageTitle } from '../page/use-page-title';
import { AuthService } from './auth-service';
import { CardLinks, PublicCard } from './auth-links';
import { LoginCopy } from './login-copy';
import { LazyCaptcha } from './captcha/lazy-captcha';
import { FormField } from '../forms/form-field';
import { IdentityPaths } from './identity-routes';
import { useDtoForm } from '../forms/use-dto-form';
import { errorMessage } from '../api/error-message';

/** §4: where a failed login leads. */
export const LoginOutcomePaths = { locked: IdentityPaths.lockedAccount, activation: IdentityPaths.activation } as const;

/** Navigation state /account-activation reads after a 403 on login (§4 "verification-sent"). */
export interface ActivationState {
  activation?: ActivationRequiredInfo;
}

/**
 * /login: email and password, validated with the same LoginDto the server uses, sent encrypted
 * (§7); the captcha when the deployment turns it on; SSO as a full page navigation. On success the
 * guard takes the user on: /twofa-otp when a code is owed, else /dashboard or the page they came from.
 */
export function LoginPage() {
  const auth = useService<AuthService>(AuthService);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const form = useDtoForm('login', LoginDto, { email: '', password: '' }, (v) => ({ email: v.email.trim(), password: v.password }));
  const [config, setConfig] = useState<AuthConfig | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  usePageTitle(LoginCopy.title);

  // Start in the email field: the one thing to do on this page. In a task of its own: focusing lays
  // the page out there and then, which the browser otherwise does with the next frame.
  useEffect(() => {
    const timer = setTimeout(() => form.refs.email.current?.focus());
    return () => clearTimeout(timer);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    let live = true;
    auth.authConfig().then(
      (c) => live && setConfig(c),
      () => undefined, // the login call will say what is wrong
    );
    return () => {
      live = false;
    };
  }, [auth]);

  // Back from the SSO provider: /login?ssoCode=… (a one-time code, traded for a session) or ?ssoError=1.
  const ssoCode = search.get('ssoCode');
  const ssoError = search.get('ssoError');
  useEffect(() => {
    if (!ssoCode && !ssoError) return;
    setSearch({}, { replace: true });
    if (!ssoCode) {
      setFailure(Messages.ssoFailed);
      return;
    }
    auth.exchangeSsoCode(ssoCode).catch((error: unknown) => setFailure(errorMessage(error, Messages.ssoFailed)));
  }, [auth, ssoCode, ssoError, setSearch]);

  const captchaOn = config?.captcha === true;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.check();
    if (valid && captchaOn && !captcha) setCaptchaError(Messages.captchaFailed);
    if (!valid || (captchaOn && !captcha)) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await auth.login(form.values.email.trim(), form.values.password, captcha ?? undefined);
      // The layout guard now sees a signed-in user and leaves this page.
    } catch (error) {
      setSubmitting(false);
      // A solved challenge is good once: the next attempt needs a new one.
      setCaptcha(null);
      setCaptchaKey((k) => k + 1);
      const detail = isApiError(error) ? error.detail : undefined;
      if (isApiError(error) && (detail as Partial<LoginFailureInfo> | undefined)?.isLocked) {
        navigate((detail as Partial<LoginFailureInfo>).lockedByAdmin ? `${LoginOutcomePaths.locked}?by=admin` : LoginOutcomePaths.locked);
        return;
      }
      if (isApiError(error) && error.status === 403) {
        const state: ActivationState = { activation: detail as ActivationRequiredInfo };
        navigate(LoginOutcomePaths.activation, { state });
        return;
      }
      if (isApiError(error) && error.fields.captcha) {
        setCaptchaError(error.fields.captcha[0]);
        return;
      }
      setFailure(errorMessage(error));
      form.reset({ email: form.values.email, password: '' });
      form.refs.password.current?.focus();
    }
  }

  return (
    <PublicCard title={LoginCopy.title} intro={LoginCopy.intro}>
      {failure && (
        <Callout intent="danger" role="alert" className="civic-login-failure">
          {failure}
        </Callout>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="page-title">
        <FormField form={form} field="email" label="Email" type="email" autoComplete="username" inputMode="email" />
        <FormField form={form} field="password" label="Password" type="password" autoComplete="current-password" />
        {captchaOn && (
          <LazyCaptcha
            key={captchaKey}
            error={captchaError}
            onChange={(payload) => {
              setCaptcha(payload);
              if (payload) setCaptchaError(undefined);
            }}
          />
        )}
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Sign in" />
      </form>
      <CardLinks
        links={[
          { to: IdentityPaths.forgotPassword, text: 'Forgot password?' },
          { to: IdentityPaths.signup, text: 'Create an account' },
        ]}
      />
      {config?.ssoEnabled && (
        <>
          <Divider />
          {/* A full page navigation: the provider's pages are not part of this app. */}
          <a href={CoreApi.ssoLogin} className={`${Classes.BUTTON} ${Classes.LARGE} ${Classes.FILL} civic-sso-link`}>
            Sign in with SSO
          </a>
        </>
      )}
    </PublicCard>
  );
}
