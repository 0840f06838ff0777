import { OutboundError, type OutboundClient } from '@civic/sdk/server';
import type { CredentialHttp, CredentialKind } from '@civic/sdk/common/credentials';

export const TEST_TIMEOUT_MS = 8_000;

export interface ConnectionOutcome {
  status: 'ok' | 'failed';
  latencyMs: number;
  reason: string;
}

export interface ConnectionTester {
  test(kind: CredentialKind, values: Record<string, string>): Promise<ConnectionOutcome>;
}

/**
 * Runs a kind's testConnection through the outbound client: https only, the operator's
 * CIVIC_OUTBOUND_ALLOW rules, a time limit, no retries, no redirects. The reason never holds a
 * secret: any secret value that a provider (or a careless kind) echoes is masked.
 */
export function createConnectionTester(outbound: OutboundClient, now: () => number = () => performance.now()): ConnectionTester {
  return {
    async test(kind, values) {
      const started = now();
      const http: CredentialHttp = {
        request: (url, options = {}) =>
          outbound.request(url, {
            method: options.method === 'HEAD' ? 'GET' : (options.method ?? 'GET'),
            headers: options.headers,
            json: options.json,
            timeoutMs: Math.min(options.timeoutMs ?? TEST_TIMEOUT_MS, TEST_TIMEOUT_MS),
            maxBytes: 256 * 1024,
          }),
      };
      let verdict: { ok: boolean; reason: string };
      if (!kind.testConnection) {
        verdict = { ok: false, reason: 'This kind of credential has no connection test' };
      } else {
        try {
          verdict = await kind.testConnection(values as never, http);
        } catch (error) {
          verdict = { ok: false, reason: error instanceof OutboundError ? error.message : 'The provider’s answer could not be understood' };
        }
      }
      const latencyMs = Math.max(0, Math.round(now() - started));
      return { status: verdict.ok ? 'ok' : 'failed', latencyMs, reason: mask(verdict.reason, kind, values) };
    },
  };
}

function mask(reason: string, kind: CredentialKind, values: Record<string, string>): string {
  let text = String(reason).slice(0, 300);
  for (const field of kind.secrets) {
    const value = values[field];
    if (value && value.length >= 4) text = text.split(value).join('••••');
  }
  return text;
}
