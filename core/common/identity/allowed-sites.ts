/**
 * The app's allowedDomains (§3 "App patch by platform admin") as the one list of web pages that may
 * use its chat: the chat API, the widget's public settings and the embed script all ask this. An
 * entry is a domain (`example.gov.sg`: it and its subdomains, over https — plain http only for
 * loopback) or an exact site origin (`https://www.example.gov.sg`, `http://127.0.0.1:5180`). The
 * console's own origin is always allowed. A request without an Origin header is not from a web
 * page, so there is no page to refuse (rate limits still apply).
 */
export function originAllowed(origin: string | undefined, consoleUrl: string, allowedDomains: readonly string[]): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (sameOrigin(url, consoleUrl)) return true;
  const loopback = LOOPBACK.includes(url.hostname);
  for (const raw of allowedDomains) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('://')) {
      if (sameOrigin(url, entry)) return true;
      continue;
    }
    const domain = entry.replace(/^\*\./, '').replace(/\/.*$/, '');
    const hostMatches = url.hostname === domain || url.hostname.endsWith(`.${domain}`);
    if (hostMatches && (url.protocol === 'https:' || (loopback && url.protocol === 'http:'))) return true;
  }
  return false;
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * Whether `entry` may stand in allowedDomains: a domain name (`gov.sg`), or a site origin —
 * `https://host[:port]`, or `http://` on loopback only — with no path.
 */
export function isAllowedDomainEntry(entry: string): boolean {
  if (DOMAIN.test(entry)) return true;
  if (!entry.includes('://')) return false;
  try {
    const url = new URL(entry);
    const bare = `${url.protocol}//${url.host}`;
    if (entry.replace(/\/$/, '').toLowerCase() !== bare.toLowerCase() || url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.includes(url.hostname));
  } catch {
    return false;
  }
}

function sameOrigin(url: URL, other: string): boolean {
  try {
    return new URL(other).origin === url.origin;
  } catch {
    return false;
  }
}
