import Bowser from 'bowser';

/** The major version only ("131" of "131.0.6778.86"): enough to recognise a device, no fingerprint. */
function major(version: string | undefined): string {
  return version ? (version.split('.')[0] ?? '') : '';
}

/**
 * A short, readable name for the device behind a User-Agent header ("Chrome 131 on Windows 10"),
 * for the list of sessions on /settings (the server names each: Bowser's ~7 KiB gzip stay off the
 * page's first load, issue 16), parsed by Bowser (which knows Edge, Samsung Internet, Yandex,
 * in-app browsers, iPadOS, ChromeOS …). Phones and tablets say so. Unknown agents fall back to their
 * first word (an API client such as `got`), or "Unknown device".
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browserName = parsed.browser.name;
  const browser = browserName ? [browserName, major(parsed.browser.version)].filter(Boolean).join(' ') : null;
  const osName = parsed.os.name;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const system = osName ? [osName, osVersion].filter(Boolean).join(' ') : null;
  const kind = parsed.platform.type === 'mobile' ? 'phone' : parsed.platform.type === 'tablet' ? 'tablet' : null;
  const where = system && kind ? `${system}, ${kind}` : system;
  if (browser && where) return `${browser} on ${where}`;
  if (browser) return browser;
  if (where) return `Browser on ${where}`;
  const first = userAgent.split(/[\s/(]/)[0];
  return first ? first.slice(0, 40) : 'Unknown device';
}
