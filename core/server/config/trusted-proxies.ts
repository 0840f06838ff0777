import { isIP } from 'node:net';

/**
 * Which proxies in front of the console are trusted to say who the client is (Fastify's trustProxy):
 * `false` (none: the client is the socket's address), a hop count (the client is the address that
 * many proxies back in X-Forwarded-For), or the proxies' networks (addresses and CIDR ranges, plus
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`): the client is the last address that
 * is not one of them. Never "every hop": a client could then pick its own IP.
 */
export type TrustedProxies = false | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 16;

function validNetwork(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** CIVIC_TRUSTED_PROXIES → TrustedProxies, or the problem to report (the variable named). */
export function parseTrustedProxies(value: string | undefined): { proxies: TrustedProxies; problem?: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return { proxies: false };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { proxies: hops } : { proxies: false, problem: `CIVIC_TRUSTED_PROXIES: a hop count is at most ${MAX_HOPS}` };
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !validNetwork(entry));
  if (bad.length > 0) {
    return { proxies: false, problem: `CIVIC_TRUSTED_PROXIES must be a hop count or a comma-separated list of proxy addresses or networks (CIDR); not understood: ${bad.join(', ')}` };
  }
  return { proxies: entries };
}

/** Fastify's trust function for a hop count: the `hops` addresses nearest the server are proxies. */
export function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
