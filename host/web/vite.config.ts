import { defineConfig } from 'vite';

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
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
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
    outDir: `${repo}/dist/web`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The entry holds React, the router, MobX, inversify and the Blueprint parts the shell uses;
    // every page is its own lazy chunk. The budget check in tests/ guards the /login total.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /[\\/](core|sdk|plugins|config)[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // The libraries every screen needs, as one long-cached chunk. Left to itself the bundler
          // groups them with whichever lazy module shares them (e.g. Blueprint's overlays), which
          // drags that module onto the login page's path.
          groups: [{ name: 'vendor', test: VENDOR }],
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
