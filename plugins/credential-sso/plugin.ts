import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { testSsoRealm } from './common/test-sso-realm';

/** credential-sso: the single sign-on realm (OIDC issuer, client id and secret) identity signs in with. */
export default defineCredentialPlugin({
  id: 'credential-sso',
  title: 'Single sign-on realm',
  icon: 'log-in',
  fields: () => import('./common/sso-realm-credential.dto').then((m) => m.SsoRealmCredentialDto),
  secrets: ['clientSecret'],
  testConnection: testSsoRealm,
  usedBy: ['Single sign-on (when set, it replaces the CIVIC_SSO_* settings)'],
  order: 610,
  server: true,
});
