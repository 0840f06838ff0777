/**
 * Reads a session token's claims without checking its signature. Only for the user experience
 * (skip a call for a token that has plainly expired); the server checks every token (RS512, §5).
 */
export interface TokenClaims {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  sub?: string;
  [claim: string]: unknown;
}

export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** True when the token says it has expired (a few seconds of clock skew allowed). */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === 'number' && exp * 1000 + 5_000 < nowMs;
}
