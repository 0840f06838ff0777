import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** The kind (and plugin) id of LLM provider credentials. */
export const LLM_CREDENTIAL_KIND = 'credential-llm';
/** A completion answers within this time or fails ("no answer in time"); callers may ask for less. */
export const LLM_TIMEOUT_MS = 15_000;

/** Where the provider is wanted: the app's credential wins, then its agency's, then a platform-wide one. */
export interface LlmScope {
  appId?: string;
  agencyId?: string;
}

/** The provider that applies, by its credential's name (what people see: "Suggested by <name>"). */
export interface LlmProvider {
  id: string;
  name: string;
}

export interface LlmMessage {
  role: 'system' | 'user';
  content: string;
}

export interface LlmRequest {
  messages: LlmMessage[];
  maxTokens: number;
  temperature?: number;
  /** At most LLM_TIMEOUT_MS. */
  timeoutMs?: number;
}

export interface LlmAnswer {
  provider: LlmProvider;
  /** The first choice's message text, as the model wrote it: untrusted input. */
  content: string;
}

/**
 * `credential-llm.chat`: chat completions with the configured provider, for plugins that require
 * `credential-llm`. The key stays inside: `complete` throws an HttpError whose message may be shown
 * as is — 409 when no provider applies or its key cannot be opened, 502 when the provider refuses,
 * fails, is unreachable or answers in another shape — and never holds the key or the provider's text.
 */
export interface LlmChat {
  provider(db: DbExecutor, scope: LlmScope): Promise<LlmProvider | undefined>;
  complete(db: DbExecutor, scope: LlmScope, request: LlmRequest): Promise<LlmAnswer>;
}
export const LlmChat = defineServiceRef<LlmChat>('credential-llm.chat');
