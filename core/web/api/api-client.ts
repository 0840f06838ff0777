import { inject, injectable } from 'inversify';
import { CoreApi } from '@civic/core/common/api-paths';
import { Timing } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { yieldToMain } from '../scheduling/yield-to-main';
import { ApiError } from './api-error';
import { FetchFn } from './fetch-fn';
import { SessionEvents } from './session-events';
import { TokenStore } from './token-store';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /**
   * `false` for calls made before sign-in (auth config, login, version): no bearer token, the 35 s
   * timeout, and a 401 is an answer, not an expired session (§7).
   */
  authenticated?: boolean;
  /** Overrides the §9 timeout (e.g. transcript search, 60 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Return the body as is instead of its `data` (version file, Unleash frontend API). */
  raw?: boolean;
  /**
   * `false` when a 401 is this call's answer, not a sign of an expired session (a wrong one-time
   * code, a wrong current password): the token is sent, but no re-verification or logout follows.
   */
  sessionCheck?: boolean;
  /** `text`: a successful answer's body as text (CSV downloads); errors are still read as JSON. */
  responseType?: 'json' | 'text';
  /** Resolve to the body as a Blob (file downloads: exports); errors are still JSON. */
  download?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The one way the browser talks to the API (§7, §8). Resolves to the answer's `data`. */
export const ApiClient = Symbol('ApiClient');
export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions & { body?: unknown }): Promise<T>;
}

interface Answer {
  status: number;
  body: unknown;
}

@injectable()
export class ApiClientImpl implements ApiClient {
  /** Parallel 401s share one re-verification, so an expired session logs out once. */
  private reverifying: Promise<boolean> | null = null;

  constructor(
    @inject(FetchFn) private readonly fetchFn: FetchFn,
    @inject(TokenStore) private readonly tokens: TokenStore,
    @inject(SessionEvents) private readonly sessionEvents: SessionEvents,
  ) {}

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  async request<T>(method: HttpMethod, path: string, options: RequestOptions & { body?: unknown } = {}): Promise<T> {
    const authenticated = options.authenticated ?? true;
    const sentToken = authenticated ? this.tokens.token : null;
    const answer = await this.send(method, path, options, sentToken);

    if (answer.status >= 200 && answer.status < 300) {
      return (options.raw || options.download || options.responseType === 'text' ? answer.body : dataOf(answer.body)) as T;
    }
    if (answer.status === 401 && sentToken !== null && path !== CoreApi.me && options.sessionCheck !== false) {
      // §8: a 401 may be a stale token or a refused action; ask the server who we are before logging out.
      if (!(await this.reverify())) {
        this.sessionEvents.emitExpired();
        throw new ApiError(401, Messages.sessionExpired);
      }
    }
    throw toApiError(answer);
  }

  private async send(
    method: HttpMethod,
    path: string,
    options: RequestOptions & { body?: unknown },
    token: string | null,
  ): Promise<Answer> {
    // A request sent from a component's effect would otherwise start inside React's commit: a
    // page's first calls cost 10–25 ms of `fetch` there (on /intents, at a phone's 4×, most of a
    // 45 ms task). In a task of their own, the page's commit stays short.
    await yieldToMain();
    const authenticated = options.authenticated ?? true;
    const timeoutMs =
      options.timeoutMs ?? (authenticated ? Timing.apiTimeoutMs : Timing.unauthenticatedTimeoutMs);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort);

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    try {
      const response = await this.fetchFn(withQuery(path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      if (options.download && response.status >= 200 && response.status < 300) return { status: response.status, body: response.blob ? await response.blob() : new Blob([await response.text()]) };
      const text = await response.text();
      const body = options.responseType === 'text' && response.status >= 200 && response.status < 300 ? text : parseBody(text);
      this.replaceToken(body);
      return { status: response.status, body };
    } catch (error) {
      if (timedOut) throw new ApiError(0, Messages.requestTimedOut, { timedOut: true });
      if (options.signal?.aborted) throw error; // the caller cancelled; it does not want a message
      throw new ApiError(0, Messages.errorEncountered);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** §7: a token in any answer, success or failure, replaces the stored one. */
  private replaceToken(body: unknown): void {
    if (isRecord(body) && typeof body.token === 'string' && body.token.length > 0) {
      this.tokens.set(body.token);
    }
  }

  private reverify(): Promise<boolean> {
    this.reverifying ??= this.checkSession().finally(() => {
      this.reverifying = null;
    });
    return this.reverifying;
  }

  private async checkSession(): Promise<boolean> {
    const token = this.tokens.token;
    if (!token) return false;
    try {
      const answer = await this.send('GET', CoreApi.me, {}, token);
      // Only the server saying "not signed in" ends the session; an outage must not log people out.
      return answer.status !== 401;
    } catch {
      return true;
    }
  }
}

/** §8: 422 → first `info` message; otherwise the body's `message`; otherwise "Error encountered". */
function toApiError(answer: Answer): ApiError {
  const body = isRecord(answer.body) ? answer.body : {};
  const info = Array.isArray(body.info) ? body.info.filter((m): m is string => typeof m === 'string') : undefined;
  const fields = isRecord(body.fields) ? (body.fields as Record<string, string[]>) : undefined;
  const bodyMessage = typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  const message =
    answer.status === 422 && info && info.length > 0 ? info[0] : (bodyMessage ?? Messages.errorEncountered);
  return new ApiError(answer.status, message, {
    info,
    fields,
    detail: body.detail,
    correlationId: typeof body.correlationId === 'string' ? body.correlationId : undefined,
  });
}

function dataOf(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body.data : undefined;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // e.g. an HTML error page from a proxy: treated as "no message"
  }
}

/** The URL a call asks for: the path and its query, as the client sends it (early requests must match it). */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
