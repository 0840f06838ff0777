import { Callout } from '@blueprintjs/core';
import { ConsoleConfigService } from '../../config/console-config-service';
import { useService } from '../../di/container-context';
import { usePageTitle } from '../../page/use-page-title';
import { CardLinks, PublicCard } from '../auth-links';
import { IdentityPaths } from '../identity-routes';

/** /locked-account (§4): why signing in is refused for now, when to try again, and the way out. */
export function LockedAccountPage() {
  usePageTitle('Account locked');
  const { config } = useService<ConsoleConfigService>(ConsoleConfigService);
  const lockTime = formatMinutes(config.lockMinutes);
  return (
    <PublicCard title="Account locked">
      <Callout intent="warning" role="status">
        Too many unsuccessful sign-in attempts were made with this email address, so signing in with it is locked for{' '}
        {lockTime}.
      </Callout>
      <p className="civic-card-text">
        Please try again after {lockTime}. If you have forgotten your password, reset it with a link sent to your email
        address.
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
