import { defineConfig, type Plugin } from 'vite';
import { PROFILE_BUNDLE_ID, profileManifestBundles } from './profile-manifests.vite';

// Path arithmetic by hand: this file counts as browser-tier code, which never imports Node built-ins.
const repo = import.meta.dirname.replace(/[\\/]host[\\/]web$/, '');
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|mobx|mobx-react-lite|inversify|@inversifyjs[\\/][^\\/]+|reflect-metadata)[\\/]/;
const apiTarget = process.env.CIVIC_API_URL ?? 'http://localhost:8080';

/**
 * The browser build: host/web/index.html → dist/web at the repo root, which the Node host serves.
 * TypeScript is consumed from source through the tsconfig path aliases, mirrored here. Vite's own
 * transformer honours `experimentalDecorators` from tsconfig.base.json.
 */
const preloads = preloadOnlyWhatIsMissing();

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [lightIconNameCheck(), briefBlueprintWarnings(), measureTextOnHover(), profileManifestBundles(repo), preloads.plugin],
  resolve: {
    alias: [
      { find: '@civic/core', replacement: `${repo}/core` },
      { find: '@civic/sdk', replacement: `${repo}/sdk` },
      { find: '@civic/config', replacement: `${repo}/config` },
      // React Router's package exports only its development build (dev warnings on); the production
      // build ships beside it, the same code with those warnings compiled out.
      { find: /^react-router$/, replacement: `${repo}/node_modules/react-router/dist/production/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${repo}/node_modules/react-router/dist/production/dom-export.mjs` },
      // The polyfill without its own Map/Set/WeakMap (every supported browser has them): same API.
      { find: /^reflect-metadata$/, replacement: 'reflect-metadata/lite' },
    ],
  },
  build: {
    modulePreload: { resolveDependencies: (_file, deps, { hostId }) => preloads.prune(hostId, deps) },
    outDir: `${repo}/dist/web`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // vendor.js holds React, the router, MobX and inversify; the entry, the console code every page
    // runs; pages, the shell and the identity screens are lazy chunks. `npm run bench` measures what
    // /login and /dashboard load in Chromium against the 200 KiB gzip bar; tests/e2e guards /login.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // Our own modules only declare things: one imported for a single name (through a barrel such
        // as @civic/sdk/web) brings no other module with it, so a page's chunk is what it uses.
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          // Except sdk/web/blueprint-table.ts, a barrel whose one side effect is Blueprint's table
          // stylesheet: marked pure, its re-exports resolve past it and the stylesheet is dropped.
          { test: /[\\/](core|sdk|plugins|config)[\\/](?!web[\\/]blueprint-table\.ts$).*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // The libraries every screen needs, as one long-cached chunk. Left to itself the bundler
          // groups them with whichever lazy module shares them (e.g. Blueprint's overlays), which
          // drags that module onto the login page's path.
          groups: [
            { name: 'vendor', test: VENDOR, priority: 2 },
            // Everything the entry imports statically (loaded on every page anyway) in the entry's
            // chunk, rather than a dozen small chunks, each a request, a header and a name in every
            // lazy chunk's preload list.
            { name: 'console', tags: ['$initial'], priority: 1 },
            // class-validator and its helpers as one chunk (the login form's, and every form's, first
            // use): one file rather than a file per decorator, each a name in the preload lists.
            { name: 'validation', test: /node_modules[\\/](class-validator|validator|class-transformer|libphonenumber-js)[\\/]/, priority: 0 },
            // Blueprint icons that two or more chunks share (about a dozen: the shell's chevrons and cog, the
            // list pages' add, trash, filter …) as one chunk: alone each is a file of ~0.5 KiB gzip, mostly
            // its imports; together ~2.7 KiB, fewer than a list page's own set cost apart. An icon one
            // chunk uses stays in that chunk.
            { name: 'icons', test: /node_modules[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]generated[\\/]components[\\/]/, minShareCount: 2, priority: 0 },
            // react-plotly.js's factory, which both plotly bundles' modules share: named for plotly (the
            // bench counts a chart page's plotly files beside its bar), loaded only with one of them.
            { name: 'plotly-react', test: /node_modules[\\/]react-plotly\.js[\\/]/, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/version.json': apiTarget },
  },
  preview: {
    proxy: { '/api': apiTarget, '/version.json': apiTarget },
  },
});

/**
 * Blueprint warns of misuse (`<Alert> cancelButtonText and onCancel should be set together`, 55 such
 * sentences in common/errors.js) unless the bundler-injected `NODE_ENV` is "production" — which it
 * never is in a browser, since Blueprint reads a bare global rather than process.env. In the build,
 * each sentence becomes its constant's name (`[Blueprint] ALERT_WARN_CANCEL_PROPS`): the warnings
 * still name the misuse, and every page stops downloading ~1.4 KiB gzip of sentences in the entry.
 * The development server keeps them whole.
 */
function briefBlueprintWarnings(): Plugin {
  // `ns + `…``, `ns + `…` + `…``, or `${ns} …`.
  const MESSAGE = /^export const ([A-Z0-9_]+) =\s*(?:ns(?:\s*\+\s*`[^`]*`)+|`\$\{ns\}[^`]*`);$/gm;
  return {
    name: 'civic:brief-blueprint-warnings',
    apply: 'build',
    transform: {
      filter: { id: /@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]common[\\/]errors\.js$/ },
      handler(code) {
        const constants = code.match(/^export const /gm)?.length ?? 0;
        let briefedCount = 0;
        const briefed = code.replace(MESSAGE, (_message, name: string) => {
          briefedCount++;
          return `export const ${name} = ns + " ${name}";`;
        });
        if (constants < 40 || briefedCount !== constants) {
          this.error('@blueprintjs/core changed its common/errors.js: update briefBlueprintWarnings in host/web/vite.config.ts');
        }
        return { code: briefed, map: null };
      },
    },
  };
}

/**
 * Blueprint's Text (inside every Button, MenuItem and Tag with a label) reads its text back in a
 * layout effect and keeps it in state, to show it as a tooltip when `ellipsize` cut it: a second
 * render of every labelled button, synchronously as the page mounts, and for an ellipsized one
 * (every Tag) a measurement that lays the whole page out there and then — most of a 36–44 ms task
 * on the dashboard. Here nothing is read as the page mounts: an ellipsized text measures itself
 * when the pointer or focus first comes to it, which is when its tooltip can show.
 */
function measureTextOnHover(): Plugin {
  const EFFECT = [
    '    useIsomorphicLayoutEffect(() => {',
    '        if (contentMeasuringRef.current?.textContent != null) {',
    '            setIsContentOverflowing(ellipsize && contentMeasuringRef.current.scrollWidth > contentMeasuringRef.current.clientWidth);',
    '            setTextContent(contentMeasuringRef.current.textContent);',
    '        }',
    '    }, [contentMeasuringRef, children, ellipsize]);',
  ].join('\n');
  const ON_HOVER = [
    '    useIsomorphicLayoutEffect(() => {',
    '        const element = contentMeasuringRef.current;',
    '        if (!ellipsize || element == null) return undefined;',
    '        const measure = () => {',
    '            setIsContentOverflowing(element.scrollWidth > element.clientWidth);',
    '            setTextContent(element.textContent ?? "");',
    '        };',
    '        element.addEventListener("pointerenter", measure);',
    '        element.addEventListener("focusin", measure);',
    '        return () => {',
    '            element.removeEventListener("pointerenter", measure);',
    '            element.removeEventListener("focusin", measure);',
    '        };',
    '    }, [contentMeasuringRef, children, ellipsize]);',
  ].join('\n');
  const TITLE = 'title: title ?? (isContentOverflowing ? textContent : undefined),';
  return {
    name: 'civic:measure-text-on-hover',
    apply: 'build',
    transform: {
      filter: { id: /@blueprintjs[\\/]core[\\/]lib[\\/]esm[\\/]components[\\/]text[\\/]text\.js$/ },
      handler(code) {
        if (!code.includes(EFFECT) || !code.includes(TITLE)) {
          this.error('@blueprintjs/core changed its components/text/text.js: update measureTextOnHover in host/web/vite.config.ts');
        }
        const lean = code.replace(EFFECT, ON_HOVER).replace(TITLE, 'title: title ?? (ellipsize && isContentOverflowing ? textContent : undefined),');
        return { code: lean, map: null };
      },
    },
  };
}

/**
 * Blueprint's icon loader checks a string icon name (`icon="download"`) against IconNames, an object
 * of every icon's name built at start-up from a 27 kB enum: on every page's path, since Button
 * imports the loader, though the shell and the login page name no icon by string. Here the check
 * becomes the shape of an icon name, and the enum loads only for Icons.loadAll(). A page naming an
 * icon by string still gets its paths; an unknown name (no IconName to TypeScript) draws nothing.
 */
function lightIconNameCheck(): Plugin {
  const IMPORT = 'import { IconNames, IconNamesSet } from "./iconNames";';
  const LOAD_ALL = 'const allIcons = Object.values(IconNames);';
  return {
    name: 'civic:light-icon-name-check',
    transform: {
      filter: { id: /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconLoader\.js$/ },
      handler(code) {
        if (!code.includes(IMPORT) || !code.includes(LOAD_ALL)) {
          this.error('@blueprintjs/icons changed its iconLoader.js: update lightIconNameCheck in host/web/vite.config.ts');
        }
        // Line for line, so the file's source map still holds (`map: null` keeps it).
        const patched = code
          .replace(IMPORT, 'const IconNamesSet = { has: (name) => typeof name === "string" && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) };')
          .replace(LOAD_ALL, 'const allIcons = Object.values((await import("./iconNames")).IconNames);');
        return { code: patched, map: null };
      },
    },
  };
}

/**
 * A lazy import preloads the chunks it needs, as a list of file names in the importing chunk. The
 * chunks the importing chunk itself imports statically are loaded already when it runs: leave them
 * off its lists.
 *
 * The enabled plugins' manifests (`plugins/<id>/plugin.ts`, one chunk per deployment profile: see
 * profile-manifests.vite.ts) are on every signed-in page's path, whichever page is shown: their pages'
 * lists there (up to 60 hashed file names a page, about 13 KiB gzip over all the manifests) keep only
 * stylesheets, which nothing but these lists loads. A page's scripts
 * then come by its chunk's static imports, level by level: a first visit of a page waits a round
 * trip or two more (the chunks are cached for a year after), every page saves the bytes.
 */
function preloadOnlyWhatIsMissing(): { plugin: Plugin; prune(host: string, deps: string[]): string[] } {
  const staticImports = new Map<string, string[]>();
  const manifests = new Set<string>();
  return {
    plugin: {
      name: 'civic:preload-only-what-is-missing',
      generateBundle: {
        // Before Vite writes the lists (its own generateBundle), note each chunk's static imports.
        order: 'pre',
        handler(_options, bundle) {
          staticImports.clear();
          manifests.clear();
          for (const output of Object.values(bundle)) {
            if (output.type !== 'chunk') continue;
            staticImports.set(output.fileName, output.imports);
            if (output.facadeModuleId && PROFILE_BUNDLE_ID.test(output.facadeModuleId)) manifests.add(output.fileName);
          }
        },
      },
    },
    prune(host, deps) {
      if (!staticImports.has(host)) return deps;
      const loaded = new Set<string>();
      const visit = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        for (const next of staticImports.get(file) ?? []) visit(next);
      };
      visit(host);
      return deps.filter((dep) => !loaded.has(dep) && (!manifests.has(host) || dep.endsWith('.css')));
    },
  };
}
