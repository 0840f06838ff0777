import { HttpError, OutboundError, type OutboundClient } from '@civic/sdk/server';
import type { CredentialResolver } from '../../credentials/contract/server/credential-resolver';
import { LLM_CREDENTIAL_KIND, LLM_TIMEOUT_MS, type LlmChat, type LlmProvider } from '../contract/server/llm-chat';
import { llmBase } from '../common/test-llm';

const MAX_ANSWER_BYTES = 256 * 1024;

export const LlmMessages = {
  none: 'No LLM provider is configured for this app: a platform admin adds one under Integration Credential → LLM provider',
  incomplete: (name: string) => `The LLM provider ${name} has no API key: a platform admin sets it under Integration Credential → LLM provider`,
  unreachable: (name: string, why: string) => `The LLM provider ${name} could not be reached: ${why.charAt(0).toLowerCase()}${why.slice(1)}`,
  refused: (name: string) => `The LLM provider ${name} refused the API key: a platform admin checks the credential`,
  notFound: (name: string) => `The LLM provider ${name} answered 404: a platform admin checks its base URL and model`,
  limited: (name: string) => `The LLM provider ${name} is limiting requests (429): try again later`,
  failed: (name: string, status: number) => `The LLM provider ${name} answered ${status}${status >= 500 ? ': it may be down, try again later' : ''}`,
  unreadable: (name: string) => `The LLM provider ${name} answered in a shape the console does not understand (not an OpenAI-compatible chat completion)`,
};

function statusFailure(name: string, status: number): string {
  if (status === 401 || status === 403) return LlmMessages.refused(name);
  if (status === 404) return LlmMessages.notFound(name);
  if (status === 429) return LlmMessages.limited(name);
  return LlmMessages.failed(name, status);
}

/** `choices[0].message.content` of a chat-completions answer; undefined in any other shape. */
export function completionText(body: string): string | undefined {
  try {
    const answer = JSON.parse(body) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = Array.isArray(answer?.choices) ? answer.choices[0]?.message?.content : undefined;
    return typeof content === 'string' ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The service over the credentials' resolver and the outbound client (https, allow-list, no redirects, no retries). */
export function createLlmChat(credentials: CredentialResolver, outbound: OutboundClient): LlmChat {
  return {
    async provider(db, scope) {
      const found = await credentials.find(db, LLM_CREDENTIAL_KIND, scope);
      return found && { id: found.id, name: found.name };
    },
    async complete(db, scope, request) {
      const credential = await credentials.resolve(db, LLM_CREDENTIAL_KIND, scope);
      if (!credential) throw new HttpError(409, LlmMessages.none);
      const provider: LlmProvider = { id: credential.id, name: credential.name };
      const { baseUrl, model, apiKey } = credential.values;
      if (!baseUrl || !model || !apiKey) throw new HttpError(409, LlmMessages.incomplete(provider.name));
      let answer: { status: number; body: string };
      try {
        answer = await outbound.request(`${llmBase(baseUrl)}/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
          json: { model, messages: request.messages, max_tokens: request.maxTokens, temperature: request.temperature ?? 0.7 },
          timeoutMs: Math.min(request.timeoutMs ?? LLM_TIMEOUT_MS, LLM_TIMEOUT_MS),
          maxBytes: MAX_ANSWER_BYTES,
        });
      } catch (error) {
        if (error instanceof OutboundError) throw new HttpError(502, LlmMessages.unreachable(provider.name, error.message));
        throw error;
      }
      if (answer.status < 200 || answer.status >= 300) throw new HttpError(502, statusFailure(provider.name, answer.status));
      const content = completionText(answer.body);
      if (content === undefined) throw new HttpError(502, LlmMessages.unreadable(provider.name));
      return { provider, content };
    },
  };
}
