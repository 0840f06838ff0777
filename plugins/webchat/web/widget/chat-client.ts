import type { ResponseMessage } from '../../../knowledge-base/contract/common/responses/index';
import { WEB_CHAT_CHANNEL, WebChatApi, type RecommendationsResponse, type SuggestionsResponse } from '../../common/api';

export type ChatEnvironment = 'draft' | 'production';

export interface ChatStart {
  sessionId: string;
  messages: ResponseMessage[];
}

export interface ChatReply {
  transcriptId: string | null;
  messages: ResponseMessage[];
  fallback?: boolean;
  /** The intent that answered: recommendations leave it out. */
  intentName?: string | null;
  /** Draft only: an older model answered while a newer one trains. */
  staleModel?: { answeringTrainedAt: string | null; trainingProgress: number };
}

/** What the widget needs from the dialog engine's chat API; one implementation per way it runs. */
export interface ChatClient {
  /** Starts a session with `event` (the quick launch event) or the engine's welcome. */
  start(event?: string): Promise<ChatStart>;
  send(sessionId: string, text: string): Promise<ChatReply>;
  feedback(transcriptId: string, vote: 'up' | 'down'): Promise<void>;
  csat(sessionId: string, rating: number, comment?: string): Promise<void>;
  /** Auto-complete (§3 appEnableAutoComplete): questions of the environment matching the typed text. */
  suggest(text: string, signal?: AbortSignal): Promise<string[]>;
  /** Recommendations (§3 appEnableRecommendations): related questions after the answer to `question`. */
  recommend(question: string, intentName: string | null): Promise<string[]>;
}

/** A failed chat call; status 0 means the network or a timeout, not the server. */
export class ChatError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

export interface FetchChatClientOptions {
  appId: string;
  environment: ChatEnvironment;
  /** Origin of the console's API; '' for the same origin. */
  baseUrl?: string;
  channel?: string;
  /** Bearer token (console previews on the draft environment). */
  getToken?: () => string | null;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

/** The chat client of the sharing page and the embed script: plain fetch, no console services. */
export function createFetchChatClient(options: FetchChatClientOptions): ChatClient {
  const { appId, environment, baseUrl = '', channel = WEB_CHAT_CHANNEL, timeoutMs = 30_000 } = options;
  const fetchFn = options.fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const abort = () => controller.abort();
    signal?.addEventListener('abort', abort);
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, { method, headers, ...(method === 'POST' ? { body: JSON.stringify(body) } : {}), signal: controller.signal });
    } catch {
      throw new ChatError(0, 'network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
    const json = (await response.json().catch(() => ({}))) as { data?: T; message?: string };
    if (!response.ok) throw new ChatError(response.status, json.message ?? `HTTP ${response.status}`);
    return json.data as T;
  }
  const post = <T>(path: string, body: unknown) => request<T>('POST', path, body);
  const query = (params: Record<string, string | null | undefined>) =>
    Object.entries(params)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&');

  return {
    start: (event) => post<ChatStart>(WebChatApi.sessions(appId), { environment, channel, ...(event ? { event } : {}) }),
    send: (sessionId, text) => post<ChatReply>(WebChatApi.messages(appId, sessionId), { text }),
    feedback: async (transcriptId, vote) => {
      await post(WebChatApi.feedback(appId, transcriptId), { thumbsUp: vote === 'up', thumbsDown: vote === 'down' });
    },
    csat: async (sessionId, rating, comment) => {
      await post(WebChatApi.csat(appId, sessionId), comment ? { rating, comment } : { rating });
    },
    suggest: async (text, signal) =>
      (await request<SuggestionsResponse>('GET', `${WebChatApi.suggestions(appId)}?${query({ q: text, environment })}`, undefined, signal)).suggestions ?? [],
    recommend: async (question, intentName) =>
      (await request<RecommendationsResponse>('GET', `${WebChatApi.recommendations(appId)}?${query({ q: question, intentName, environment })}`)).recommendations ?? [],
  };
}
