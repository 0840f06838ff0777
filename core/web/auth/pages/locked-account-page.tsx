import { Callout } from '@blueprintjs/core';
import { usePageTitle } from '../../page/use-page-title';
import { CardLinks, PublicCard } from '../auth-links';
import { IdentityPaths } from '../identity-routes';

/** /locked-account (§4): why signing in is refused for now, when to try again, and the way out. */
export function LockedAccountPage() {
  usePageTitle('Account locked');
  return (
    <PublicCard title="Account locked">
      <Callout intent="warning" role="status">
        Too many unsuccessful sign-in attempts were made with this email address, so signing in with it is locked for
        30 minutes.
      </Callout>
      <p className="civic-card-text">
        Please try again after 30 minutes. If you have forgotten your password, reset it with a link sent to your email
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
