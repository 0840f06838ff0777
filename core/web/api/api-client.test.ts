import { CoreApi } from '@civic/core/common/api-paths';
import { TOKEN_STORAGE_KEY, Timing } from '@civic/core/common/constants';
import { Messages } from '@civic/core/common/messages';
import { testConfig, testUser } from '../testing/fixtures';
import { AuthService } from '../auth/auth-service';
import { createWebContainer } from '../di/create-web-container';
import { ToastService } from '../toasts/toast-service';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { FetchFn } from './fetch-fn';
import { TokenStore } from './token-store';

type Reply = { status: number; body?: unknown } | ((url: string, init: RequestInit) => Promise<never>);

/** A fake network: answers by "METHOD path" in order of registration, and records what was sent. */
function setup(replies: Record<string, Reply | Reply[]>, token: string | null = 'old-token') {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; body?: string }> = [];
  const queues = new Map(Object.entries(replies).map(([k, v]) => [k, Array.isArray(v) ? [...v] : [v]]));
  const fetchFn: FetchFn = async (url, init) => {
    sent.push({ method: init.method ?? 'GET', url, headers: init.headers as Record<string, string>, body: init.body as string });
    const key = `${init.method} ${url.split('?')[0]}`;
    const queue = queues.get(key);
    if (!queue?.length) throw new Error(`unexpected ${key}`);
    const reply = queue.length > 1 ? queue.shift()! : queue[0];
    if (typeof reply === 'function') return reply(url, init);
    return { ok: reply.status < 300, status: reply.status, text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)) };
  };
  const container = createWebContainer({ config: testConfig(), plugins: [] });
  container.rebind<FetchFn>(FetchFn).toConstantValue(fetchFn);
  return {
    api: container.get<ApiClient>(ApiClient),
    auth: container.get<AuthService>(AuthService),
    toasts: container.get<ToastService>(ToastService),
    tokens: container.get<TokenStore>(TokenStore),
    sent,
  };
}

describe('ApiClient', () => {
  afterEach(() => localStorage.clear());

  it('sends the stored token as a bearer and resolves to the answer data', async () => {
    const { api, sent } = setup({ 'GET /api/v1/apps': { status: 200, body: { data: { apps: [] } } } });
    await expect(api.get(CoreApi.myApps)).resolves.toEqual({ apps: [] });
    expect(sent[0].headers.Authorization).toBe('Bearer old-token');
  });

  it("responseType 'text' resolves to a successful body as text (CSV), and still reads errors as JSON", async () => {
    const csv = '"id","actor"\r\n"1","\'=x"\r\n';
    const text = (status: number, body: string) => (async () => ({ ok: status < 300, status, text: async () => body })) as unknown as Reply;
    const { api, sent } = setup({ 'GET /api/v1/admin/audit-log/export': [text(200, csv), text(403, JSON.stringify({ message: 'Forbidden' }))] });
    await expect(api.get<string>('/api/v1/admin/audit-log/export', { responseType: 'text', query: { actor: 'a' } })).resolves.toBe(csv);
    expect(sent[0].headers.Authorization).toBe('Bearer old-token');
    await expect(api.get<string>('/api/v1/admin/audit-log/export', { responseType: 'text' })).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
  });

  it('adds query parameters, leaving out undefined ones', async () => {
    const { api, sent } = setup({ 'GET /api/v1/admin/apps': { status: 200, body: { data: {} } } });
    await api.get(CoreApi.adminApps, { query: { page_num: 0, page_size: 500, search: undefined, include_decommissioned: false } });
    expect(sent[0].url).toBe('/api/v1/admin/apps?page_num=0&page_size=500&include_decommissioned=false');
  });

  it('replaces the stored token with one from any answer, success or failure', async () => {
    const { api, tokens } = setup({
      'GET /api/v1/apps': { status: 200, body: { data: {}, token: 'renewed-1' } },
      'POST /api/v1/auth/extend-session': { status: 422, body: { message: 'x', info: ['first'], token: 'renewed-2' } },
    });
    await api.get(CoreApi.myApps);
    expect(tokens.token).toBe('renewed-1');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('renewed-1');
    await expect(api.post(CoreApi.extendSession)).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('renewed-2');
  });

  it('shows the first info message of a 422, with the fields for the form', async () => {
    const { api } = setup({
      'PATCH /api/v1/apps/a1/settings': {
        status: 422,
        body: { message: 'The request is not valid.', info: ['Threshold too high', 'Other'], fields: { mlConfidenceThreshold: ['Threshold too high'] } },
      },
    });
    const error = await api.patch('/api/v1/apps/a1/settings', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('Threshold too high');
    expect((error as ApiError).fields).toEqual({ mlConfidenceThreshold: ['Threshold too high'] });
  });

  it("uses the body's message, else \"Error encountered\"", async () => {
    const { api } = setup({
      'GET /api/v1/apps': [{ status: 403, body: { message: 'You do not have access to this.' } }, { status: 500, body: '<html>' }],
    });
    await expect(api.get(CoreApi.myApps)).rejects.toMatchObject({ status: 403, message: 'You do not have access to this.' });
    await expect(api.get(CoreApi.myApps)).rejects.toMatchObject({ status: 500, message: Messages.errorEncountered });
  });

  it('says "Error encountered" when the network fails', async () => {
    const { api } = setup({ 'GET /api/v1/apps': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.get(CoreApi.myApps)).rejects.toMatchObject({ status: 0, message: Messages.errorEncountered });
  });

  it('on a 401 re-verifies the session and keeps it when the server still knows the user', async () => {
    const { api, tokens, sent } = setup({
      'POST /api/v1/auth/logout': { status: 200, body: { data: {} } },
      'DELETE /api/v1/apps/a1': { status: 401, body: { message: 'Not allowed here' } },
      'GET /api/v1/auth/me': { status: 200, body: { data: testUser() } },
    });
    await expect(api.delete('/api/v1/apps/a1')).rejects.toMatchObject({ status: 401, message: 'Not allowed here' });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['DELETE /api/v1/apps/a1', 'GET /api/v1/auth/me']);
    expect(tokens.token).toBe('old-token');
  });

  it('on a 401 that re-verification confirms, logs out once with the session-expired toast', async () => {
    const { api, auth, toasts, sent } = setup({
      'GET /api/v1/auth/me': [{ status: 200, body: { data: testUser() } }, { status: 401, body: { message: 'expired' } }],
      'GET /api/v1/apps': { status: 401, body: { message: 'expired' } },
      'GET /api/v1/subscription-tier-limit': { status: 401, body: { message: 'expired' } },
    });
    await auth.restore();
    expect(auth.status).toBe('signedIn');

    const results = await Promise.allSettled([api.get(CoreApi.myApps), api.get(CoreApi.tierLimits)]);
    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: { status: 401, message: Messages.sessionExpired } });
    }
    expect(sent.filter((s) => s.url === CoreApi.me)).toHaveLength(2); // the restore, then one shared re-check
    expect(auth.status).toBe('signedOut');
    expect(auth.user).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toasts.toasts.map((t) => [t.message, t.timeoutMs])).toEqual([[Messages.sessionExpired, Timing.snackbarMs]]);
  });

  it('treats a 401 on an unauthenticated call (a failed login) as an answer, not an expiry', async () => {
    const { api, sent } = setup({
      'POST /api/v1/auth/login': { status: 401, body: { message: Messages.loginFailed, detail: { failedLoginCounter: 2, isLocked: false } } },
    });
    const error = (await api.post(CoreApi.login, {}, { authenticated: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(Messages.loginFailed);
    expect(error.detail).toEqual({ failedLoginCounter: 2, isLocked: false });
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.Authorization).toBeUndefined();
  });

  it('times out after 350 s, or 35 s for unauthenticated calls', async () => {
    jest.useFakeTimers();
    try {
      const hang = (_url: string, init: RequestInit) =>
        new Promise<never>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      const { api } = setup({ 'GET /api/v1/apps': hang, 'GET /api/v1/auth/config': hang });

      const authenticated = api.get(CoreApi.myApps).catch((e: unknown) => e);
      const unauthenticated = api.get(CoreApi.authConfig, { authenticated: false }).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(Timing.unauthenticatedTimeoutMs);
      await expect(unauthenticated).resolves.toMatchObject({ status: 0, timedOut: true, message: Messages.requestTimedOut });

      let settled = false;
      void authenticated.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(Timing.apiTimeoutMs - Timing.unauthenticatedTimeoutMs - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(authenticated).resolves.toMatchObject({ timedOut: true });
    } finally {
      jest.useRealTimers();
    }
  });
});
