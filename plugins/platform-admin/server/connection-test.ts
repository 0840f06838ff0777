import { OutboundError, type OutboundClient } from '@civic/sdk/server';
import type { ConnectionTestResult } from '../common/api';

export const CONNECTION_TEST_TIMEOUT_MS = 5_000;

/**
 * Calls the webhook once with a small JSON ping through the outbound client (https only, internal
 * addresses refused unless allowed, no retries, no redirects) and reports what happened. Every
 * failure is an outcome, never a thrown error; a refused, unreachable or silent webhook reads the same.
 */
export async function testConnection(client: OutboundClient, url: string, body: Record<string, unknown>, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): Promise<ConnectionTestResult> {
  const started = performance.now();
  try {
    const response = await client.request(url, {
      method: 'POST',
      json: body,
      timeoutMs,
      maxBytes: 64 * 1024,
      headers: { 'user-agent': 'CivicConsole-ConnectionTest/1' },
    });
    const status = response.status;
    const ok = status >= 200 && status < 300;
    return { ok, status, latencyMs: Math.round(performance.now() - started), error: ok ? null : `The webhook answered ${status}` };
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : 'Unknown error';
    return { ok: false, status: null, latencyMs: Math.round(performance.now() - started), error: message };
  }
}
