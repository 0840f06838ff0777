import { defineConfig } from 'vite';

// The embed script's own build (npm run build runs it after the console's): one small IIFE at
// dist/web/webchat/embed.js, served by the console's static site. Plain JS so the plugin's
// TypeScript sources keep importing only the sdk.
const repo = import.meta.dirname.replace(/[\\/]plugins[\\/]webchat$/, '');

export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  resolve: {
    alias: {
      '@civic/core': `${repo}/core`,
      '@civic/sdk': `${repo}/sdk`,
      '@civic/config': `${repo}/config`,
    },
  },
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
