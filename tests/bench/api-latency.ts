import { encryptPassword } from '../support/encrypt-password';

export interface LatencyResult {
  label: string;
  requests: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Signs in through the real login scheme and returns a bearer token. */
export async function signInForBench(baseUrl: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/api/v1/auth/config`)).json()) as { data: { loginKey: string } };
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: await encryptPassword(config.data.loginKey, password) }),
  });
  const body = (await response.json()) as { data?: { token: string }; message?: string };
  if (!response.ok || !body.data) throw new Error(`sign-in failed: ${response.status} ${body.message}`);
  return body.data.token;
}

/**
 * A bounded load: `requests` calls, `concurrency` at a time, to one loopback server. Stops by
 * itself; never sends anywhere but the given local address.
 */
export async function measure(
  label: string,
  baseUrl: string,
  request: () => { path: string; init?: RequestInit },
  requests: number,
  concurrency: number,
): Promise<LatencyResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseUrl)) throw new Error('benchmarks only load loopback servers');
  const timings: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const { path, init } = request();
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}${path}`, init);
      await response.arrayBuffer();
      timings.push(performance.now() - t0);
      if (!response.ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    label,
    requests,
    concurrency,
    seconds,
    perSecond: requests / seconds,
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    p99: percentile(timings, 99),
    errors,
  };
}
