import type { createDOMPurify } from '@civic/sdk/web/dompurify';
// Direct module paths, not the barrel: the widget must not pull the DTOs (class-validator) in.
import { applyHtmlLinkPolicy, HTML_SANITIZE_CONFIG } from '../../common/responses/html-policy';

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | undefined;
let loading: Promise<void> | undefined;

/**
 * DOMPurify (~9 KiB gzip) is a chunk of its own, fetched when the first html message is shown, not
 * with every page that may show one (the intent editor, the fitting room). Resolves once it is here.
 */
export function whenSanitiserReady(): Promise<void> {
  loading ??= import('@civic/sdk/web/dompurify').then(
    ({ createDOMPurify }) => {
      purifier = createDOMPurify(window);
      purifier.addHook('afterSanitizeAttributes', (node) => applyHtmlLinkPolicy(node as Element));
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The browser half of the html contract: every html message is sanitised again (same policy as the
 * server) right before it is shown, whatever the server stored. Returns '' where there is no DOM, and
 * undefined until the sanitiser has arrived (whenSanitiserReady).
 */
export function sanitizeHtmlForDisplay(html: string): string | undefined {
  if (typeof window === 'undefined') return '';
  if (!purifier) return undefined;
  return purifier.sanitize(html, { ...HTML_SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}
