import { Messages } from '@civic/sdk/common/messages';
import { KbMessages } from '../../../common/messages';

/** How a URL of a response reads against §5 "URLs must be valid and external ones https". */
export type UrlVerdict = 'ok' | 'invalid' | 'notHttps';

/** `resource`: something loaded (image, video, file). `link`: something opened (button postback). */
export type UrlKind = 'resource' | 'link';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Checks one URL of a response. Empty is `ok` (emptiness is a normalise rule, not a URL rule).
 * A site path (`/files/a.png`) is internal; an absolute URL is external and must be https (plain
 * http only for a local host, for development). Links may also be `mailto:` and `tel:`.
 */
export function checkResponseUrl(value: string, kind: UrlKind = 'resource'): UrlVerdict {
  const url = value.trim();
  if (url === '') return 'ok';
  if (/\s/.test(url)) return 'invalid';
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return 'ok';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (kind === 'link' && (parsed.protocol === 'mailto:' || parsed.protocol === 'tel:')) {
    return parsed.pathname.length > 0 ? 'ok' : 'invalid';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'invalid';
  const host = parsed.hostname;
  const hostOk = LOCAL_HOSTS.has(host) || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) || /^\[[0-9a-f:]+\]$/i.test(host);
  if (!hostOk || parsed.username || parsed.password) return 'invalid';
  if (parsed.protocol === 'http:' && !LOCAL_HOSTS.has(host)) return 'notHttps';
  return 'ok';
}

/** The §8 text for a verdict, or null when the URL is fine. */
export function urlProblem(value: string, kind: UrlKind = 'resource'): string | null {
  const verdict = checkResponseUrl(value, kind);
  if (verdict === 'ok') return null;
  return verdict === 'notHttps' ? Messages.invalidHttpsUrl : KbMessages.invalidUrl;
}

/** True when a URL may be put in an `src`/`href` as it is (non-empty and passes the rule). */
export function isSafeResponseUrl(value: string | undefined, kind: UrlKind = 'resource'): value is string {
  return typeof value === 'string' && value.trim() !== '' && checkResponseUrl(value, kind) === 'ok';
}

/**
 * A button postback is "a URL the button opens, or text sent back as the user's reply". It is a
 * URL when it has a scheme (`https://…`, `mailto:`, `tel:`, or a dangerous one such as
 * `javascript:`, which then fails the URL rule) or starts with `www.`; everything else
 * (including bot commands such as `/start`) is reply text.
 */
export function isUrlPostback(postback: string): boolean {
  const value = postback.trim();
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
    /^(mailto|tel|javascript|vbscript|data|file):/i.test(value) ||
    /^www\./i.test(value)
  );
}
