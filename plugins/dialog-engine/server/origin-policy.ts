/**
 * Which web pages may use an app's chat: the console itself (previews, the sharing page) and the
 * app's allowed domains. An entry is an origin (`https://www.example.gov.sg`, `http://127.0.0.1:5180`)
 * matched exactly, or a domain (`example.gov.sg`) matching it and its subdomains over https (plain
 * http only for loopback). A request without an Origin header is not from a web page, so there is no
 * page to refuse; rate limits still apply.
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
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
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

function sameOrigin(url: URL, other: string): boolean {
  try {
    return new URL(other).origin === url.origin;
  } catch {
    return false;
  }
}
