/**
 * A step of `npm run build`, after the browser build and before compression: writes the page
 * documents host/web/page-shells.tsx renders from dist/web/index.html (the login page's static
 * shell) to dist/web/pages/<segment>.html, which the static site serves for that first path segment.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, RepoPaths } from '@civic/core/server/config/repo-paths';

interface PageShells {
  renderPageShells(indexHtml: string): Record<string, string>;
}

/** Browser-tier code, run here once at build time: imported by path so the server's sources never depend on it. */
const SHELLS_MODULE = join(REPO_ROOT, 'host/web/page-shells.tsx');

export async function buildPageShells(webRoot: string): Promise<string[]> {
  const { renderPageShells } = (await import(pathToFileURL(SHELLS_MODULE).href)) as PageShells;
  const documents = renderPageShells(await readFile(join(webRoot, 'index.html'), 'utf8'));
  await mkdir(join(webRoot, 'pages'), { recursive: true });
  const written = [];
  for (const [segment, html] of Object.entries(documents)) {
    await writeFile(join(webRoot, 'pages', `${segment}.html`), html);
    written.push(`pages/${segment}.html`);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`page shells: ${(await buildPageShells(RepoPaths.webRoot)).join(', ')}`);
}
