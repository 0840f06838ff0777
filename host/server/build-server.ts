/**
 * A step of `npm run build`: the server compiled once into dist/server/main.mjs, so that `npm start`
 * does not transpile hundreds of TypeScript files through tsx on every start. esbuild (what tsx runs
 * on) with the server's tsconfig, so decorators and class fields compile as they do under tsx. The
 * packages stay in node_modules; the sources of core, the sdk and every plugin are compiled in.
 *
 * What a source file finds next to itself keeps working: its `import.meta.url`/`dirname` are those
 * of the source file (the migrations folders, the worker threads' modules, the repository root).
 * The manifests' lazy browser imports are left out: the server never calls them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT, RepoPaths } from '@civic/core/server/config/repo-paths';
import { buildPgliteTemplates, profileTemplates } from './build-pglite-templates';

export const SERVER_BUNDLE = path.join(REPO_ROOT, 'dist/server/main.mjs');
const PLUGINS_DIR = path.join(REPO_ROOT, 'plugins');
const SOURCE = /\.(ts|tsx|mts)$/;

/** `civic:server-modules`: each plugin's manifest and server module, imported only when the profile enables it. */
function serverModules(): Plugin {
  return {
    name: 'civic-server-modules',
    setup(b) {
      b.onResolve({ filter: /^civic:server-modules$/ }, () => ({ path: 'server-modules', namespace: 'civic' }));
      b.onLoad({ filter: /.*/, namespace: 'civic' }, () => {
        const entries = fs
          .readdirSync(PLUGINS_DIR)
          .sort()
          .flatMap((id) => [`plugins/${id}/plugin.ts`, `plugins/${id}/server/index.ts`])
          .filter((file) => fs.existsSync(path.join(REPO_ROOT, file)))
          .map((file) => `  ${JSON.stringify(file)}: () => import(${JSON.stringify(path.join(REPO_ROOT, file))}),`);
        return { contents: `export default {\n${entries.join('\n')}\n};\n`, loader: 'js', resolveDir: REPO_ROOT };
      });
    },
  };
}

/** A manifest's `load: () => import('./web/…')` is the browser's: left as it is, never called on the server. */
function browserOnlyImports(): Plugin {
  return {
    name: 'civic-browser-only-imports',
    setup(b) {
      b.onResolve({ filter: /^\.{1,2}\/(\.\.\/)*web\// }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
    },
  };
}

/** A source file's `import.meta.url` and `import.meta.dirname` stay its own, computed from where the bundle is. */
function sourceImportMeta(outDir: string): Plugin {
  return {
    name: 'civic-source-import-meta',
    setup(b) {
      b.onLoad({ filter: SOURCE }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.')) return undefined;
        const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
        const contents = text
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `__civicPath.join(import.meta.dirname, ${JSON.stringify(path.posix.dirname(fromBundle))})`);
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

export async function buildServer(outfile = SERVER_BUNDLE): Promise<{ bytes: number }> {
  await build({
    entryPoints: [path.join(REPO_ROOT, 'host/server/bundle-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(REPO_ROOT, 'tsconfig.server.json'),
    sourcemap: 'linked',
    banner: { js: "import __civicPath from 'node:path';" },
    logLevel: 'warning',
    plugins: [serverModules(), browserOnlyImports(), sourceImportMeta(path.dirname(outfile))],
  });
  return { bytes: fs.statSync(outfile).size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { bytes } = await buildServer();
  console.log(`server bundle ${path.relative(REPO_ROOT, SERVER_BUNDLE)}: ${(bytes / 1024).toFixed(0)} KiB`);
  const { made, kept } = await buildPgliteTemplates(await profileTemplates());
  console.log(`embedded database clusters in ${path.relative(REPO_ROOT, RepoPaths.pgliteTemplates)}: ${made.length} made, ${kept.length} kept`);
}
