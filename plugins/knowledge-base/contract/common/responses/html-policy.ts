/**
 * One HTML policy for both tiers: the server sanitises html messages with it before they are
 * stored, the browser again before they are shown (in a sandboxed frame). Plain data, so this file
 * needs no DOMPurify; each tier passes it to its own DOMPurify instance.
 */
export interface HtmlSanitizeConfig {
  USE_PROFILES: { html: boolean };
  FORBID_TAGS: string[];
  FORBID_ATTR: string[];
  ADD_ATTR: string[];
  ALLOW_DATA_ATTR: boolean;
  ALLOWED_URI_REGEXP: RegExp;
}

export const HTML_SANITIZE_CONFIG: Readonly<HtmlSanitizeConfig> = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base', 'svg', 'math'],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'ping'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https:|mailto:|tel:|\/(?!\/)|#)/i,
};

/** Element-ish shape the link hook needs (DOM `Element` on both tiers). */
interface ElementLike {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * DOMPurify `afterSanitizeAttributes` hook: links open in a new tab without access to the page
 * that opened them. Register with `purify.addHook('afterSanitizeAttributes', applyHtmlLinkPolicy)`.
 */
export function applyHtmlLinkPolicy(node: ElementLike): void {
  if (node.tagName?.toUpperCase() !== 'A') return;
  if (node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    node.removeAttribute('target');
  }
}

/** A function that sanitises one HTML string (server: `sanitizeHtml` of the contract's `server/responses`). */
export type HtmlSanitizer = (html: string) => string;
