import { defineConfig } from 'vite';
import { repo, serverSanitisedHtml, widgetAliases } from './widget-build.mjs';

// The embed script's own build (npm run build runs it after the console's): one small IIFE at
// dist/web/webchat/embed.js, served by the console's static site and loaded by <script> tags on
// government pages, so every byte counts (budget 25 KiB gzip, measured by npm run bench).
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  plugins: [serverSanitisedHtml],
  resolve: { alias: widgetAliases },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: `${repo}/dist/web/webchat`,
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: false,
    minify: true,
    lib: {
      entry: `${import.meta.dirname}/web/embed/embed-entry.tsx`,
      formats: ['iife'],
      name: 'CivicWebChat',
      fileName: () => 'embed.js',
      // The views' side-effect stylesheet lands here too; the script injects its own copy into the shadow root.
      cssFileName: 'embed',
    },
  },
});
