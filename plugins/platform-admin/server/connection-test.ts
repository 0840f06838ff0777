import { got, GotRequestError } from '@civic/sdk/server';
import type { ConnectionTestResult } from '../common/api';

export const CONNECTION_TEST_TIMEOUT_MS = 5_000;

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof GotRequestError) {
    if (error.code === 'ETIMEDOUT') return `No answer within ${timeoutMs / 1000} s`;
    if (error.code === 'ECONNREFUSED') return 'Connection refused';
    if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'Host not found';
    return error.code ? `${error.code}: ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : 'Unknown error';
}

/**
 * Calls the webhook once with a small JSON ping (no retries, no redirects) and reports what
 * happened. Every failure is an outcome, never a thrown error.
 */
export async function testConnection(url: string, body: Record<string, unknown>, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const response = await got(url, {
      method: 'POST',
      json: body,
      timeout: { request: timeoutMs },
      retry: { limit: 0 },
      throwHttpErrors: false,
      followRedirect: false,
      responseType: 'text',
      headers: { 'user-agent': 'CivicConsole-ConnectionTest/1' },
    });
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    return { ok, status, latencyMs: Math.round(performance.now() - started), error: ok ? null : `The webhook answered ${status}` };
  } catch (error) {
    return { ok: false, status: null, latencyMs: Math.round(performance.now() - started), error: describe(error, timeoutMs) };
  }
}
