import { jsonOf, verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { LlmCredentialDto } from './llm-credential.dto';

/** `<base URL>` without its trailing slashes, to append `/models` or `/chat/completions` to. */
export const llmBase = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** The model ids a `GET /models` answer lists (`{ data: [{ id }] }`); undefined when it lists none in that shape. */
export function listedModels(body: string): string[] | undefined {
  const data = jsonOf(body)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.map((m: unknown) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined)).filter((id): id is string => typeof id === 'string');
}

/** `GET <base URL>/models` with the key: accepted, and whether the provider offers the model. */
export async function testLlm(values: LlmCredentialDto, http: CredentialHttp): Promise<ConnectionCheck> {
  const answer = await http.request(`${llmBase(values.baseUrl)}/models`, { headers: { authorization: `Bearer ${values.apiKey}`, accept: 'application/json' } });
  const verdict = verdictOf(answer.status, {
    ok: 'The LLM provider accepted the key',
    refused: 'The LLM provider refused the key',
    notFound: 'No OpenAI-compatible API at this base URL (no /models): it usually ends with the version, e.g. /v1',
  });
  if (!verdict.ok) return verdict;
  const models = listedModels(answer.body);
  if (!models || models.length === 0) return verdict;
  if (models.includes(values.model)) return { ok: true, reason: `Connected: the model ${values.model} is available` };
  const some = models.slice(0, 5).join(', ');
  return { ok: false, reason: `The key works, but the provider does not offer the model ${values.model} (it offers ${some}${models.length > 5 ? ', …' : ''})` };
}
