import { createDOMPurify } from '@civic/sdk/web/dompurify';
// Direct module paths, not the barrel: the widget must not pull the DTOs (class-validator) in.
import { applyHtmlLinkPolicy, HTML_SANITIZE_CONFIG } from '../../common/responses/html-policy';

let purifier: ReturnType<typeof createDOMPurify> | null = null;

/**
 * The browser half of the html contract: every html message is sanitised again (same policy as the
 * server) right before it is shown, whatever the server stored. Returns '' where there is no DOM.
 */
export function sanitizeHtmlForDisplay(html: string): string {
  if (typeof window === 'undefined') return '';
  if (!purifier) {
    purifier = createDOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => applyHtmlLinkPolicy(node as Element));
  }
  return purifier.sanitize(html, { ...HTML_SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}
