import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { useService } from '../../di/container-context';
import { usePageTitle } from '../../page/use-page-title';
import { CardLinks, PublicCard } from '../auth-links';
import { AuthService } from '../auth-service';
import { IdentityPaths } from '../identity-routes';
import type { ActivationState } from '../login-page';
import { errorMessage } from '../../api/error-message';

type Outcome = { intent: 'success' | 'danger'; message: string };

/**
 * /account-activation (§4): opened from the mailed link (?token=…) it activates the account with
 * one click (a button, so mail scanners fetching the link do not use it up); after a 403 on login
 * it is the verification-sent state, with a resend.
 */
export function AccountActivationPage() {
  const auth = useService<AuthService>(AuthService);
  const [search] = useSearchParams();
  const linkToken = search.get('token');
  const pending = (useLocation().state as ActivationState | null)?.activation;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle('Account activation');

  async function call(path: string, token: string, fallback: string) {
    setBusy(true);
    try {
      setOutcome({ intent: 'success', message: (await auth.publicCall(path, { token })) || fallback });
    } catch (error) {
      setOutcome({ intent: 'danger', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const result = outcome && (
    <Callout intent={outcome.intent} role={outcome.intent === 'danger' ? 'alert' : 'status'} className="civic-form-notice">
      {outcome.message}
    </Callout>
  );

  if (linkToken) {
    const done = outcome?.intent === 'success';
    // A used, superseded or expired link: the same token asks for a new link (the server mails one
    // only to an account still waiting for activation).
    const refused = outcome?.intent === 'danger';
    return (
      <PublicCard title="Activate your account">
        {result}
        {refused && (
          <Button size="large" fill loading={busy} text="Send a new link" onClick={() => void call(CoreApi.activationResend, linkToken, Messages.activationSent)} />
        )}
        {!done && !refused && (
          <>
            <p className="civic-card-text">Activate your account to sign in to the console.</p>
            <Button
              intent="primary"
              size="large"
              fill
              loading={busy}
              text="Activate account"
              onClick={() => void call(CoreApi.activate, linkToken, Messages.accountActivated)}
            />
          </>
        )}
        <CardLinks links={[{ to: IdentityPaths.login, text: done ? 'Sign in' : 'Back to sign in' }]} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Verify your email">
      <Callout intent="primary" role="status" className="civic-form-notice">
        {Messages.activationRequired}
      </Callout>
      {result}
      {pending && (
        <Button size="large" fill loading={busy} text="Resend activation email" onClick={() => void call(CoreApi.activationResend, pending.token, Messages.activationSent)} />
      )}
      <CardLinks links={[{ to: IdentityPaths.login, text: 'Back to sign in' }]} />
    </PublicCard>
  );
}
