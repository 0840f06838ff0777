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

let last: { token: string; claims: TokenClaims | null } | undefined;

export function decodeTokenClaims(token: string): TokenClaims | null {
  // Start-up reads the same token three times; the answer for the last one is kept.
  if (last?.token !== token) last = { token, claims: decodeClaims(token) };
  return last.claims;
}

function decodeClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(utf8(atob(base64))) as unknown;
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/**
 * The UTF-8 bytes of a binary string as text. Not through TextDecoder: its first use on a page loads
 * the browser's converter data (7 ms of a start-up task at a phone's 4×), for claims that are nearly
 * always ASCII.
 */
function utf8(binary: string): string {
  if (!/[^\x00-\x7f]/.test(binary)) return binary;
  let escaped = '';
  for (let i = 0; i < binary.length; i++) escaped += `%${binary.charCodeAt(i).toString(16).padStart(2, '0')}`;
  return decodeURIComponent(escaped);
}

/** True when the token says it has expired (a few seconds of clock skew allowed). */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === 'number' && exp * 1000 + 5_000 < nowMs;
}
