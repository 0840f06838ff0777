/**
 * The embed build's stand-in for the console's display sanitiser (knowledge-base contract web/responses/sanitize-html):
 * embed.js loads on every visit to a government page, and DOMPurify would be almost half of it.
 * What the widget shows was sanitised by the server before it was stored (same policy), and the
 * html frame runs no script whatever it holds (sandbox without allow-scripts, CSP default-src
 * 'none'), so the second pass is left to the console, where its size costs nothing.
 */
export function sanitizeHtmlForDisplay(html: string): string {
  return html;
}

/** The console's sanitiser arrives on first use; this one is here already. */
export function whenSanitiserReady(): Promise<void> {
  return Promise.resolve();
}
