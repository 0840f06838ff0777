/**
 * The script a page document with a static shell loads instead of the console's entry
 * (host/web/page-shells.tsx writes its tag: `data-entry`, the console's entry; `data-imports`, the
 * modules the entry imports, space-separated): it waits for the shell's first contentful paint,
 * then asks for the console's modules — the entry and, beside it, what the entry imports, so they
 * come in one round rather than one after another.
 *
 * Why after the paint: the shell (the page's title and description) needs only the stylesheet, while
 * the console's JavaScript is ~10× its size and takes a phone's CPU hundreds of milliseconds to run.
 * Asked for with the document, the scripts share the network with the stylesheet and, once they have
 * come, are run before the browser paints; asked for after the paint, the shell shows first and
 * they come next. A hidden tab (which does not paint) starts at once, and so does a browser that does
 * not report paints; a paint not reported within `PAINT_WAIT_MS` does not hold the console back.
 *
 * Its own entry of the build (host/web/vite.config.ts), importing nothing.
 */

/** The attribute of the script tag that names the console's entry. */
export const ENTRY_ATTRIBUTE = 'data-entry';
/** The attribute of the script tag that lists the entry's imports. */
export const IMPORTS_ATTRIBUTE = 'data-imports';
/** How long the console waits at most for the shell's paint to be reported. */
export const PAINT_WAIT_MS = 1000;

export function startAfterPaint(entry: string, imports: readonly string[], load: (url: string) => unknown = (url) => import(/* @vite-ignore */ url)): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of imports) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    void load(entry);
  };
  const reportsPaint = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (document.visibilityState !== 'visible' || !reportsPaint) {
    start();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, PAINT_WAIT_MS);
}

const tag = typeof document === 'undefined' ? null : document.querySelector<HTMLScriptElement>(`script[${ENTRY_ATTRIBUTE}]`);
const entry = tag?.getAttribute(ENTRY_ATTRIBUTE);
if (entry) startAfterPaint(entry, (tag?.getAttribute(IMPORTS_ATTRIBUTE) ?? '').split(' ').filter(Boolean));
