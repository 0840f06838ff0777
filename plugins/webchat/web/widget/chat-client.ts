import type { ResponseMessage } from '@civic/sdk/common/responses';
import { WEB_CHAT_CHANNEL, WebChatApi } from '../../common/api';

export type ChatEnvironment = 'draft' | 'production';

export interface ChatStart {
  sessionId: string;
  messages: ResponseMessage[];
}

export interface ChatReply {
  transcriptId: string | null;
  messages: ResponseMessage[];
  fallback?: boolean;
}

/** What the widget needs from the dialog engine's chat API; one implementation per way it runs. */
export interface ChatClient {
  start(): Promise<ChatStart>;
  send(sessionId: string, text: string): Promise<ChatReply>;
  feedback(transcriptId: string, vote: 'up' | 'down'): Promise<void>;
  csat(sessionId: string, rating: number, comment?: string): Promise<void>;
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

  async function post<T>(path: string, body: unknown): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
    } catch {
      throw new ChatError(0, 'network');
    } finally {
      clearTimeout(timer);
    }
    const json = (await response.json().catch(() => ({}))) as { data?: T; message?: string };
    if (!response.ok) throw new ChatError(response.status, json.message ?? `HTTP ${response.status}`);
    return json.data as T;
  }

  return {
    start: () => post<ChatStart>(WebChatApi.sessions(appId), { environment, channel }),
    send: (sessionId, text) => post<ChatReply>(WebChatApi.messages(appId, sessionId), { text }),
    feedback: async (transcriptId, vote) => {
      await post(WebChatApi.feedback(appId, transcriptId), { thumbsUp: vote === 'up', thumbsDown: vote === 'down' });
    },
    csat: async (sessionId, rating, comment) => {
      await post(WebChatApi.csat(appId, sessionId), comment ? { rating, comment } : { rating });
    },
  };
}
