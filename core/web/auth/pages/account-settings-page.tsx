import { Card, Classes, H2 } from '@blueprintjs/core';
import { observer } from '../../mobx/observer';
import { Link } from 'react-router-dom';
import { useService } from '../../di/container-context';
import { Page } from '../../page/page';
import { AuthService } from '../auth-service';
import { IdentityPaths } from '../identity-routes';
import { AuthenticatorSection } from './authenticator-section';
import { ProfileForm } from './profile-form';
import { SessionsSection } from './sessions-section';

/** /settings: the signed-in user's profile, password, second factor and sessions. */
export const AccountSettingsPage = observer(function AccountSettingsPage() {
  const auth = useService<AuthService>(AuthService);
  const user = auth.user;
  if (!user) return null;
  return (
    <Page title="Settings" description="Your profile, your password, how you confirm sign-ins, and where you are signed in.">
      <div className="civic-settings-sections">
        <Card elevation={1} className="civic-settings-section">
          <H2 className="civic-section-title">Profile</H2>
          <ProfileForm name={user.name} />
          <dl className="civic-facts">
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Agency</dt>
            <dd>{user.agencyName || '—'}</dd>
            <dt>Role</dt>
            <dd>{user.isPlatformAdmin ? 'Platform admin' : 'Per-app roles'}</dd>
          </dl>
        </Card>
        <Card elevation={1} className="civic-settings-section">
          <H2 className="civic-section-title">Password</H2>
          <p>Change the password you sign in with. Your other sessions end when you do.</p>
          <Link className={Classes.BUTTON} to={IdentityPaths.changePassword}>
            Change password
          </Link>
        </Card>
        <AuthenticatorSection />
        <SessionsSection />
      </div>
    </Page>
  );
});
