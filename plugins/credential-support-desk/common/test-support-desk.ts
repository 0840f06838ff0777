import { verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { SupportDeskCredentialDto } from './support-desk-credential.dto';

/** Asks the ticketing API who the key belongs to (`GET <endpoint>/users/me`). */
export async function testSupportDesk(values: SupportDeskCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const answer = await http.request(`${values.endpoint.replace(/\/+$/, '')}/users/me`, { headers: { authorization: `Bearer ${values.apiKey}`, accept: 'application/json' } });
  return verdictOf(answer.status, { ok: 'The ticketing API accepted the key', refused: 'The ticketing API refused the key', notFound: 'No ticketing API at this endpoint' });
}
