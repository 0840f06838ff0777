import { createRequire } from 'node:module';
import type CreateDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';

const require = createRequire(import.meta.url);

export type DomPurify = ReturnType<typeof CreateDOMPurify>;

/**
 * DOMPurify on a server-side DOM (jsdom), for plugins that sanitise HTML before they store it.
 * Its own entry point, not the `@civic/sdk/server` barrel, and loaded on first use (synchronously,
 * for sanitisers that must stay synchronous): jsdom is large and only a few routes need it.
 */
export function loadHtmlDom(): { createDOMPurify: typeof CreateDOMPurify; JSDOM: typeof JSDOM } {
  return { createDOMPurify: require('dompurify') as typeof CreateDOMPurify, JSDOM: (require('jsdom') as typeof import('jsdom')).JSDOM };
}
