import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CoreApi } from '@civic/core/common/api-paths';
import { Messages } from '@civic/core/common/messages';
import { isApiError } from '../../api/api-error';
import { ConsoleConfigService } from '../../config/console-config-service';
import { useService } from '../../di/container-context';
import { usePageTitle } from '../../page/use-page-title';
import { CardLinks, PublicCard } from '../auth-links';
import { AuthService } from '../auth-service';
import { IdentityPaths } from '../identity-routes';

type Outcome = { intent: 'success' | 'danger'; message: string };

/**
 * /locked-account (§4): why signing in is refused for now, when to try again, and the way out.
 * Opened from the account-locked mail (?token=…) it lifts the lock with one click (a button, so
 * mail scanners fetching the link do not use it up).
 */
export function LockedAccountPage() {
  usePageTitle('Account locked');
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const auth = useService<AuthService>(AuthService);
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const lockTime = formatMinutes(config.lockMinutes);

  async function unlock(token: string) {
    setBusy(true);
    try {
      setOutcome({ intent: 'success', message: (await auth.publicCall(CoreApi.unlockAccount, { token })) || Messages.accountUnlocked });
    } catch (error) {
      setOutcome({ intent: 'danger', message: isApiError(error) ? error.message : Messages.errorEncountered });
    } finally {
      setBusy(false);
    }
  }

  if (linkToken) {
    const done = outcome?.intent === 'success';
    return (
      <PublicCard title="Unlock your account">
        {outcome && (
          <Callout intent={outcome.intent} role={outcome.intent === 'danger' ? 'alert' : 'status'} className="civic-form-notice">
            {outcome.message}
          </Callout>
        )}
        {!done && (
          <>
            <p className="civic-card-text">Signing in with your email address is locked. If the attempts in the mail were yours, unlock it now.</p>
            <Button intent="primary" size="large" fill loading={busy} text="Unlock account" onClick={() => void unlock(linkToken)} />
          </>
        )}
        <CardLinks links={[{ to: IdentityPaths.login, text: done ? 'Sign in' : 'Back to sign in' }]} />
      </PublicCard>
    );
  }
  if (params.get('by') === 'admin') {
    return (
      <PublicCard title="Account locked">
        <Callout intent="warning" role="status">
          {Messages.lockedByAdmin}
        </Callout>
        <p className="civic-card-text">Waiting or resetting your password does not unlock it: ask your agency&apos;s administrator or the platform team.</p>
        <CardLinks links={[{ to: IdentityPaths.login, text: 'Back to sign in' }]} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Account locked">
      <Callout intent="warning" role="status">
        Too many unsuccessful sign-in attempts were made with this email address, so signing in with it is locked for{' '}
        {lockTime}.
      </Callout>
      <p className="civic-card-text">
        Please try again after {lockTime}. If this is your account, the mail we sent you has a link that unlocks it now.
        If you have forgotten your password, reset it with a link sent to your email address.
      </p>
      <CardLinks
        links={[
          { to: IdentityPaths.forgotPassword, text: 'Forgot password?' },
          { to: IdentityPaths.login, text: 'Back to sign in' },
        ]}
      />
    </PublicCard>
  );
}

/** 30 → "30 minutes", 1 → "1 minute", 120 → "2 hours", 90 → "90 minutes". */
export function formatMinutes(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
