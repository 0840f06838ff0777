import { loadHtmlDom, type DomPurify } from '@civic/sdk/server/html-dom';
import {
  applyHtmlLinkPolicy,
  HTML_SANITIZE_CONFIG,
  prepareResponsesForSave,
  type ChannelResponses,
  type PreparedResponses,
  type ResponseCheckOptions,
} from '../../common/responses/index';


let purifier: DomPurify | null = null;

/** One DOMPurify over one jsdom window for the process, made on first use (jsdom is slow to start). */
function purify(): DomPurify {
  if (!purifier) {
    const { JSDOM, createDOMPurify } = loadHtmlDom();
    const { window } = new JSDOM('<!doctype html><html><body></body></html>');
    purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purifier.addHook('afterSanitizeAttributes', (node) => applyHtmlLinkPolicy(node as unknown as Element));
  }
  return purifier;
}

/**
 * Sanitises an html message before it is stored (issue 4: "HTML is sanitised (DOMPurify) before it
 * is stored and again before it is shown"): scripts, event handlers, `javascript:` URLs, frames,
 * forms and styles go; links open in a new tab. The browser runs the same policy before showing.
 */
export function sanitizeHtml(html: string): string {
  return purify().sanitize(html, { ...HTML_SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** `prepareResponsesForSave` with the server sanitiser: what a route runs before storing responses. */
export function prepareResponsesForStorage(list: readonly ChannelResponses[], options: ResponseCheckOptions = {}): PreparedResponses {
  return prepareResponsesForSave(list, sanitizeHtml, options);
}
