import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '../../dist/web');

export interface BundleReport {
  entryClosureGzip: number;
  entryFiles: string[];
  largest: Array<{ file: string; gzip: number }>;
  totalGzip: number;
}

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/**
 * The JavaScript a first visit downloads before any lazy chunk: the entry script of index.html and
 * every chunk it imports statically (followed through the built files).
 */
export function bundleReport(): BundleReport {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = /<script[^>]+type="module"[^>]+src="\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/web/index.html has no module entry: run npm run build');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(DIST, file), 'utf8');
    // Static imports only: `import … from "./x.js"` and bare `import "./x.js"`; import() stays lazy.
    for (const match of text.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      visit(join(file, '..', match[1]));
    }
  };
  visit(entry);
  const all = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const sizes = all.map((file) => ({ file, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip);
  return {
    entryClosureGzip: [...seen].reduce((sum, f) => sum + gz(f), 0),
    entryFiles: [...seen],
    largest: sizes.slice(0, 8),
    totalGzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
  };
}

/**
 * What a citizen downloads for the widget: embed.js (on every visit to a page that embeds it) and
 * the sharing document's scripts, gzip -9 of the built files.
 */
export function widgetReport(): { embedGzip: number; sharingGzip: number; sharingFiles: string[] } {
  const html = readFileSync(join(DIST, 'pages/sharing.html'), 'utf8');
  const sharingFiles = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  if (sharingFiles.length === 0) throw new Error('dist/web/pages/sharing.html loads no script: run npm run build');
  return { embedGzip: gz('webchat/embed.js'), sharingGzip: sharingFiles.reduce((sum, f) => sum + gz(f), 0), sharingFiles };
}
