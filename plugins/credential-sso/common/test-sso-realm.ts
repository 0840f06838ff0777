import { jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { SsoRealmCredentialDto } from './sso-realm-credential.dto';

/** Reads the realm's discovery document and checks that it names the same issuer. */
export async function testSsoRealm(values: SsoRealmCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const issuer = values.issuer.replace(/\/+$/, '');
  const answer = await http.request(`${issuer}/.well-known/openid-configuration`);
  const verdict = verdictOf(answer.status, { ok: 'The realm answered', refused: 'The realm refused to show its configuration', notFound: 'No OpenID configuration at this issuer: check the realm’s URL' });
  if (!verdict.ok) return verdict;
  const discovery = jsonOf(answer.body);
  if (!discovery || typeof discovery.token_endpoint !== 'string') return { ok: false, reason: 'The issuer’s answer is not an OpenID configuration' };
  if (String(discovery.issuer).replace(/\/+$/, '') !== issuer) return { ok: false, reason: `The realm calls itself ${String(discovery.issuer)}: use that as the issuer` };
  return { ok: true, reason: 'The realm’s OpenID configuration was found and names this issuer' };
}
