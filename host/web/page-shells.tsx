import { renderToStaticMarkup } from 'react-dom/server';
import { LoginShell } from '@civic/core/web/auth/login-shell';

/** The mark-up index.html's #root holds until the console's script replaces it. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * Page documents the build writes beside index.html (served by the static site as
 * `pages/<first path segment>.html`): index.html with the page's static shell inside #root, so the
 * page's first content paints with the stylesheet, before the JavaScript has loaded. Only /login has
 * one: the signed-in pages show data the server's document does not have.
 */
export function renderPageShells(indexHtml: string): Record<string, string> {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to fill`);
  return { login: indexHtml.replace(EMPTY_ROOT, `<div id="root">${renderToStaticMarkup(<LoginShell />)}</div>`) };
}
