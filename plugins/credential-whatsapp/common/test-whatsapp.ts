import { jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { WhatsAppCredentialDto } from './whatsapp-credential.dto';

/** Reads the sending number (`GET <apiBase>/<phone number id>?fields=display_phone_number`). */
export async function testWhatsApp(values: WhatsAppCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const url = `${values.apiBase.replace(/\/+$/, '')}/${values.phoneNumberId}?fields=display_phone_number`;
  const answer = await http.request(url, { headers: { authorization: `Bearer ${values.accessToken}` } });
  const verdict = verdictOf(answer.status, { ok: 'The provider accepted the token', refused: 'The provider refused the access token', notFound: 'The provider does not know this phone number ID' });
  if (!verdict.ok) return answer.status === 400 ? { ok: false, reason: 'The provider does not know this phone number ID' } : verdict;
  const number = jsonOf(answer.body)?.display_phone_number;
  return typeof number === 'string' ? { ok: true, reason: `Connected: messages go out from ${number}` } : { ok: false, reason: 'The provider’s answer names no phone number' };
}
