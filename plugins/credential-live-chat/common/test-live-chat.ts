import { jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { LiveChatCredentialDto } from './live-chat-credential.dto';

/** `GET <endpoint>/status` with the key: how many agents are online when it is accepted. */
export async function testLiveChat(values: LiveChatCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const answer = await http.request(`${values.endpoint.replace(/\/+$/, '')}/status`, { headers: { 'x-api-key': values.apiKey } });
  const verdict = verdictOf(answer.status, { ok: 'The live chat provider accepted the key', refused: 'The live chat provider refused the key' });
  if (!verdict.ok) return verdict;
  const agents = jsonOf(answer.body)?.agentsOnline;
  return { ok: true, reason: typeof agents === 'number' ? `Connected: ${agents} agents online` : verdict.reason };
}
