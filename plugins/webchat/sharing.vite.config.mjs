import { defineConfig } from 'vite';
import { repo, serverSanitisedHtml, widgetAliases } from './widget-build.mjs';

// The standalone sharing document: dist/web/pages/sharing.html with its hashed script and
// stylesheet in dist/web/assets. The server sends it for page loads of /sharing/{appId} (a built
// `pages/<first path segment>.html` takes precedence over the console's index.html), so a citizen
// downloads the widget, not the console.
export default defineConfig({
  root: `${import.meta.dirname}/web/embed`,
  base: '/',
  publicDir: false,
  plugins: [serverSanitisedHtml],
  resolve: { alias: widgetAliases },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: `${repo}/dist/web`,
    emptyOutDir: false,
    target: 'es2020',
    sourcemap: false,
    minify: true,
    rollupOptions: { input: `${import.meta.dirname}/web/embed/pages/sharing.html` },
  },
});
