import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from './browser';

const DIST = join(import.meta.dirname, '../../../dist/web');

export interface LoadedScripts {
  files: string[];
  gzipBytes: number;
  /** Names of heavy libraries found in what was loaded. */
  heavy: string[];
}

/** Every script the page has loaded so far (from the Resource Timing buffer), measured from dist/web. */
export async function loadedScripts(browser: Browser): Promise<LoadedScripts> {
  const urls: string[] = await browser.execute(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
  );
  const files = [...new Set(urls.map((u) => new URL(u).pathname))];
  let gzipBytes = 0;
  const heavy = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(DIST, file));
    gzipBytes += gzipSync(source, { level: 9 }).length;
    const text = source.toString('utf8');
    if (/plotly/i.test(text) && /Plotly\.newPlot|plotly\.js/.test(text)) heavy.add('plotly');
    // plotly's gl2d bundle (scattergl): WebGL through regl.
    if (/createREGL/.test(text)) heavy.add('plotly-gl2d');
    if (/joint\.dia|@joint\/core|jointjs/i.test(text)) heavy.add('jointjs');
  }
  return { files, gzipBytes, heavy: [...heavy] };
}
