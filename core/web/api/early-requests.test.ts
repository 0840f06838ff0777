import { EarlyRequests } from './early-requests';
import type { FetchFn } from './fetch-fn';

function answer(text: string): Response {
  return { ok: true, status: 200, text: async () => text } as Response;
}

function setup() {
  let clock = 0;
  const network: string[] = [];
  const early = new EarlyRequests(async (input) => {
    network.push(`early ${String(input)}`);
    return answer(`early ${String(input)}`);
  }, () => clock);
  const next: FetchFn = async (input) => {
    network.push(`late ${input}`);
    return answer(`late ${input}`);
  };
  const fetchFn = early.fetchThrough(next);
  const get = (path: string, token = 'tok', init: RequestInit = {}) => fetchFn(path, { method: 'GET', headers: { Authorization: `Bearer ${token}` }, ...init }).then((r) => r.text());
  return { early, get, fetchFn, network, advance: (ms: number) => (clock += ms) };
}

test('the first identical call is answered by the request started early; the next goes to the network', async () => {
  const { early, get, network } = setup();
  early.start('/api/v1/auth/me', 'tok');
  expect(await get('/api/v1/auth/me')).toBe('early /api/v1/auth/me');
  expect(await get('/api/v1/auth/me')).toBe('late /api/v1/auth/me');
  expect(network).toEqual(['early /api/v1/auth/me', 'late /api/v1/auth/me']);
});

test('another token, another path, a write or a stale start go to the network', async () => {
  const { early, get, fetchFn, advance } = setup();
  early.start('/api/v1/auth/me', 'tok');
  expect(await get('/api/v1/auth/me', 'other')).toBe('late /api/v1/auth/me');
  expect(await get('/api/v1/feature-flags/frontend')).toBe('late /api/v1/feature-flags/frontend');
  const posted = await fetchFn('/api/v1/auth/me', { method: 'POST', headers: { Authorization: 'Bearer tok' }, body: '{}' }).then((r) => r.text());
  expect(posted).toBe('late /api/v1/auth/me');
  advance(16_000);
  expect(await get('/api/v1/auth/me')).toBe('late /api/v1/auth/me');
});

test('the caller’s timeout still applies to an answer it did not start', async () => {
  const never = new EarlyRequests(() => new Promise<Response>(() => undefined));
  never.start('/api/v1/auth/me', 'tok');
  const controller = new AbortController();
  const pending = never.fetchThrough(async () => answer('late'))('/api/v1/auth/me', { method: 'GET', headers: { Authorization: 'Bearer tok' }, signal: controller.signal });
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
});
