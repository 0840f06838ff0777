/**
 * A step of `npm run build`, after the browser build and before compression: writes the page
 * documents host/web/page-shells.tsx renders from dist/web/index.html (the login page's static
 * shell, and each signed-in route's frame with its title and description) to
 * dist/web/pages/<segment>.html, which the static site serves for that first path segment. A page
 * document a plugin's own build wrote there already (the web chat's sharing page) is kept.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginManifest } from '@civic/core/common/plugins';
import { REPO_ROOT, RepoPaths } from '@civic/core/server/config/repo-paths';

interface PageShells {
  renderPageShells(inputs: { indexHtml: string; plugins: readonly PluginManifest[]; startAfterPaint: string }): Record<string, string>;
}

/** Browser-tier code, run here once at build time: imported by path so the server's sources never depend on it. */
const SHELLS_MODULE = join(REPO_ROOT, 'host/web/page-shells.tsx');
/** The built host/web/start-after-paint.ts (its entry name in host/web/vite.config.ts). */
const START_AFTER_PAINT = /^start-after-paint-[\w-]+\.js$/;

/** Every plugin any deployment profile (config/profiles) enables, its manifest imported by path. */
async function profilePlugins(): Promise<PluginManifest[]> {
  const dir = join(REPO_ROOT, 'config/profiles');
  const ids = new Set<string>();
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.json'))) {
    const { plugins } = JSON.parse(await readFile(join(dir, file), 'utf8')) as { plugins: string[] };
    for (const id of plugins) ids.add(id);
  }
  const manifests = [];
  for (const id of [...ids].sort()) {
    manifests.push(((await import(pathToFileURL(join(REPO_ROOT, 'plugins', id, 'plugin.ts')).href)) as { default: PluginManifest }).default);
  }
  return manifests;
}

export async function buildPageShells(webRoot: string): Promise<string[]> {
  const { renderPageShells } = (await import(pathToFileURL(SHELLS_MODULE).href)) as PageShells;
  const startAfterPaint = (await readdir(join(webRoot, 'assets'))).find((name) => START_AFTER_PAINT.test(name));
  if (!startAfterPaint) throw new Error(`no assets/start-after-paint-<hash>.js in ${webRoot}: build the console first`);
  const documents = renderPageShells({
    indexHtml: await readFile(join(webRoot, 'index.html'), 'utf8'),
    plugins: await profilePlugins(),
    startAfterPaint: `/assets/${startAfterPaint}`,
  });
  await mkdir(join(webRoot, 'pages'), { recursive: true });
  const written = [];
  for (const [segment, html] of Object.entries(documents)) {
    const file = join(webRoot, 'pages', `${segment}.html`);
    if (existsSync(file)) continue;
    await writeFile(file, html);
    written.push(`pages/${segment}.html`);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`page shells: ${(await buildPageShells(RepoPaths.webRoot)).join(', ')}`);
}
