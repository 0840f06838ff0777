import { matchPath } from 'react-router-dom';
import type { ApiClient, HttpMethod, RequestOptions } from '../api/api-client';
import { ApiError } from '../api/api-error';

export interface FakeRequest {
  method: HttpMethod;
  path: string;
  params: Record<string, string | undefined>;
  query: RequestOptions['query'];
  body: unknown;
}

/** Answers a request: a value (the `data`), or a function of the request; throw ApiError to fail. */
export type FakeHandler = unknown | ((request: FakeRequest) => unknown);

/**
 * An ApiClient that answers from handlers registered by `METHOD /path/:param`, and records every
 * call. Unknown calls fail loudly, so a test never passes on a call it did not expect.
 */
export class FakeApiClient implements ApiClient {
  readonly calls: FakeRequest[] = [];
  private readonly handlers: Array<{ method: HttpMethod; pattern: string; handler: FakeHandler }> = [];

  constructor(routes: Record<string, FakeHandler> = {}) {
    for (const [key, handler] of Object.entries(routes)) this.on(key, handler);
  }

  /** Registers `handler` for e.g. 'PATCH /api/v1/apps/:appId/settings'; later registrations win. */
  on(key: string, handler: FakeHandler): this {
    const [method, pattern] = key.split(' ') as [HttpMethod, string];
    this.handlers.unshift({ method, pattern, handler });
    return this;
  }

  callsTo(method: HttpMethod, path: string): FakeRequest[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

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
    const pathname = path.split('?')[0];
    for (const { method: m, pattern, handler } of this.handlers) {
      if (m !== method) continue;
      const match = matchPath({ path: pattern, end: true }, pathname);
      if (!match) continue;
      const request: FakeRequest = { method, path: pathname, params: match.params, query: options.query, body: options.body };
      this.calls.push(request);
      await Promise.resolve(); // answer asynchronously, like the network
      return (typeof handler === 'function' ? (handler as (r: FakeRequest) => unknown)(request) : handler) as T;
    }
    throw new ApiError(404, `FakeApiClient: no handler for ${method} ${pathname}`);
  }
}
