import { renderToStaticMarkup } from 'react-dom/server';
import type { PluginManifest } from '@civic/core/common/plugins';
import { LoginShell } from '@civic/core/web/auth/login-shell';
import { identityRoutes, IdentityPaths } from '@civic/core/web/auth/identity-routes';
import { ShellFrame, type RouteLeadCopy } from '@civic/core/web/shell/shell-frame';
import { ENTRY_ATTRIBUTE, IMPORTS_ATTRIBUTE } from './start-after-paint';

/** The mark-up index.html's #root holds until the console's script replaces it. */
const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export interface PageShellInputs {
  /** The built index.html. */
  indexHtml: string;
  /** Every plugin a deployment profile can enable. */
  plugins: readonly PluginManifest[];
  /** The built start-after-paint.ts, as the page asks for it (`/assets/start-after-paint-<hash>.js`). */
  startAfterPaint: string;
}

/**
 * Page documents the build writes beside index.html (served by the static site as
 * `pages/<first path segment>.html`): index.html with the page's static shell inside #root, so the
 * page's first content paints with the stylesheet, before the JavaScript has loaded — /login's card,
 * and every signed-in page's frame with its title and description (`ShellFrame`), for a first path
 * segment all of whose routes are main-layout routes with one title and description (`/intents/…`;
 * not `/settings/…`, where the password change has a layout of its own). The console's scripts are
 * asked for once the shell has painted (start-after-paint.ts).
 */
export function renderPageShells(inputs: PageShellInputs): Record<string, string> {
  const { indexHtml } = inputs;
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to fill`);
  const document = paintFirst(indexHtml, inputs.startAfterPaint);
  const withRoot = (markup: string) => document.replace(EMPTY_ROOT, `<div id="root">${markup}</div>`);
  const shells: Record<string, string> = { [segmentOf(IdentityPaths.login)]: withRoot(renderToStaticMarkup(<LoginShell />)) };
  for (const [segment, lead] of signedInLeads(inputs.plugins)) shells[segment] = withRoot(renderToStaticMarkup(<ShellFrame lead={lead} />));
  return shells;
}

/** index.html with its entry script and module preloads swapped for start-after-paint.ts, told what they were. */
export function paintFirst(indexHtml: string, startAfterPaint: string): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html has no module entry script to start after the paint');
  const imports = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return indexHtml
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, `<script type="module" crossorigin src="${attribute(startAfterPaint)}" ${ENTRY_ATTRIBUTE}="${attribute(entry)}" ${IMPORTS_ATTRIBUTE}="${attribute(imports.join(' '))}"></script>`);
}

function segmentOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** Each first path segment whose routes are all the main layout's with one title and description, and that lead. */
function signedInLeads(plugins: readonly PluginManifest[]): Map<string, RouteLeadCopy> {
  const routes = [
    ...identityRoutes.map((route) => ({ path: route.path, layout: route.layout, title: route.title, description: undefined as string | undefined })),
    { path: IdentityPaths.login, layout: 'public', title: '', description: undefined },
    ...plugins.flatMap((plugin) => plugin.routes.map((route) => ({ path: route.path, layout: route.layout, title: route.title, description: route.description }))),
  ];
  const leads = new Map<string, RouteLeadCopy | null>();
  for (const route of routes) {
    const segment = segmentOf(route.path);
    // A segment that starts with a parameter (or is empty) matches too many paths to draw any one.
    if (!/^[a-z0-9-]+$/i.test(segment)) continue;
    const lead = route.layout === 'main' ? { title: route.title, description: route.description } : null;
    const seen = leads.get(segment);
    if (seen === undefined) leads.set(segment, lead);
    else if (!seen || !lead || seen.title !== lead.title || seen.description !== lead.description) leads.set(segment, null);
  }
  return new Map([...leads].filter((entry): entry is [string, RouteLeadCopy] => entry[1] !== null));
}
