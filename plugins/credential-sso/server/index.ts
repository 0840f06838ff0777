import { defineServerModule } from '@civic/sdk/server';
import { CredentialResolver } from '../../credentials/contract/server/credential-resolver';

/**
 * Single sign-on reads its realm from here: the platform-wide SSO realm credential when one is
 * configured, else the environment's CIVIC_SSO_* (core falls back by itself).
 */
export default defineServerModule({
  pluginId: 'credential-sso',
  register(api) {
    const credentials = api.services.get(CredentialResolver);
    api.identity.provideSsoRealm(async (db) => {
      const realm = await credentials.resolve(db, 'credential-sso');
      const { issuer, clientId, clientSecret } = realm?.values ?? {};
      return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
    });
  },
});
