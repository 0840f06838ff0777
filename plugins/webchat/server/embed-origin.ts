/**
 * Whether a page on `origin` may embed the app's widget: the console itself, an origin on the
 * widget's allowed embed origins (exact), or a site on the app's allowedDomains (the platform
 * admin's list, which the chat API also honours: `example.gov.sg` covers it and its subdomains
 * over https; an entry with a scheme is an exact origin; plain http only for loopback).
 */
export function embedOriginAllowed(origin: string, consoleOrigin: string | null, allowedOrigins: readonly string[], allowedDomains: readonly string[]): boolean {
  if (origin === consoleOrigin || allowedOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return allowedDomains.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    if (entry.includes('://')) return entry.replace(/\/+$/, '') === url.origin;
    const domain = entry.replace(/^\*\./, '').replace(/\/.*$/, '');
    const hostMatches = url.hostname === domain || url.hostname.endsWith(`.${domain}`);
    return hostMatches && (url.protocol === 'https:' || (loopback && url.protocol === 'http:'));
  });
}
