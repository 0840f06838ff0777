import { jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { PaymentCredentialDto } from './payment-credential.dto';

/** `GET <endpoint>/v1/merchants/<merchant id>` with the key: the merchant's name when both are right. */
export async function testPayment(values: PaymentCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const answer = await http.request(`${values.endpoint.replace(/\/+$/, '')}/v1/merchants/${encodeURIComponent(values.merchantId)}`, { headers: { authorization: `Bearer ${values.apiKey}` } });
  const verdict = verdictOf(answer.status, { ok: 'The provider accepted the key', refused: 'The provider refused the API key', notFound: 'The provider does not know this merchant ID' });
  if (!verdict.ok) return verdict;
  const name = jsonOf(answer.body)?.name;
  return { ok: true, reason: typeof name === 'string' ? `Connected to merchant ${name}` : 'The provider accepted the key' };
}
