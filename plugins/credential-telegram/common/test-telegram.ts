import { jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { TelegramCredentialDto } from './telegram-credential.dto';

/** `GET <apiBase>/bot<token>/getMe`: the bot's name when the token is good. */
export async function testTelegram(values: TelegramCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const answer = await http.request(`${values.apiBase.replace(/\/+$/, '')}/bot${values.botToken}/getMe`);
  const verdict = verdictOf(answer.status, { ok: 'The bot answered', refused: 'The bot token was refused', notFound: 'The bot token was refused' });
  if (!verdict.ok) return verdict;
  const result = jsonOf(answer.body)?.result as { username?: unknown } | undefined;
  return typeof result?.username === 'string' ? { ok: true, reason: `Connected as @${result.username}` } : { ok: false, reason: 'The answer is not a bot’s' };
}
