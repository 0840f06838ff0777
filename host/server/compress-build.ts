/**
 * The last step of `npm run build`: a gzip and a brotli copy beside every text asset of dist/web,
 * so that the static site (`preCompressed: true`) sends compressed bytes without compressing on
 * each request. Files smaller than a packet stay as they are.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { RepoPaths } from '@civic/core/server/config/repo-paths';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

export async function compressBuild(root: string): Promise<{ files: number; bytes: number; gzip: number; brotli: number }> {
  const totals = { files: 0, bytes: 0, gzip: 0, brotli: 0 };
  const work: Array<Promise<void>> = [];
  for await (const path of files(root)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    work.push(
      (async () => {
        const source = await readFile(path);
        const [gz, br] = await Promise.all([
          gzipAsync(source, { level: 9 }),
          brotliAsync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        ]);
        await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
        totals.files += 1;
        totals.bytes += source.length;
        totals.gzip += gz.length;
        totals.brotli += br.length;
      })(),
    );
  }
  await Promise.all(work);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = RepoPaths.webRoot;
  const t = await compressBuild(root);
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(`compressed ${t.files} files in ${root}: ${mib(t.bytes)} MiB → gzip ${mib(t.gzip)} MiB, brotli ${mib(t.brotli)} MiB`);
}
