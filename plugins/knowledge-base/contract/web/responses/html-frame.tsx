import { useCallback, useEffect, useMemo, useRef, useState } from '@civic/sdk/web/react';
import { ResponseTexts } from '../../common/responses/response-texts';
import { sanitizeHtmlForDisplay, whenSanitiserReady } from './sanitize-html';

/** No scripts even if something slipped through: the frame's own policy allows none. */
const FRAME_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; font-src https:";
const FRAME_STYLE =
  'html,body{margin:0;padding:0}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.45;color:#1c2127;overflow-wrap:anywhere}' +
  'img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #c5cbd3;padding:2px 6px}a{color:#215db0}p:first-child{margin-top:0}p:last-child{margin-bottom:0}';
const MAX_HEIGHT = 480;

function baseHref(baseUrl: string | undefined): string {
  if (!baseUrl) return '';
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? ` href="${url.href.replace(/"/g, '%22')}"` : '';
  } catch {
    return '';
  }
}

/** The frame document for sanitised html (exported for tests). */
export function htmlFrameDocument(cleanHtml: string, baseUrl?: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><base target="_blank"${baseHref(baseUrl)}><style>${FRAME_STYLE}</style></head><body>${cleanHtml}</body></html>`;
}

/**
 * Untrusted html, sanitised and shown in a sandboxed frame: no `allow-scripts`, so nothing runs;
 * `allow-same-origin` only lets this page read the frame's height; links open in a new tab.
 */
export function HtmlFrame({ html, title = ResponseTexts.htmlFrameTitle, baseUrl }: { html: string; title?: string; baseUrl?: string }) {
  const [ready, setReady] = useState(false);
  const clean = useMemo(() => sanitizeHtmlForDisplay(html), [html, ready]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (clean !== undefined) return;
    let live = true;
    // A failed download leaves the placeholder; the next message tries again.
    whenSanitiserReady().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [clean]);
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(40);
  const fit = useCallback(() => {
    const doc = ref.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.min(MAX_HEIGHT, Math.max(24, doc.documentElement.scrollHeight)));
  }, []);
  // Nothing unsanitised is ever shown: an empty box of the frame's size until the sanitiser is here.
  if (clean === undefined) return <div className="civic-rv-html" aria-busy="true" style={{ height }} />;
  return (
    <iframe
      ref={ref}
      className="civic-rv-html"
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={htmlFrameDocument(clean, baseUrl)}
      onLoad={fit}
      style={{ height }}
    />
  );
}
