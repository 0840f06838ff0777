import { defineConfig } from 'vite';

const repo = import.meta.dirname.replace(/[\\/]host[\\/]web$/, '');

/**
 * start-after-paint.ts on its own (npm run build runs it after the console's build): the one script
 * a page document with a static shell loads before its paint (host/web/page-shells.tsx), so it
 * imports nothing and shares no chunk with the console. A hashed name, cached like the console's.
 */
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  build: {
    outDir: `${repo}/dist/web/assets`,
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    minify: true,
    // Not a library build: those keep their whitespace.
    rolldownOptions: {
      input: `${import.meta.dirname}/start-after-paint.ts`,
      preserveEntrySignatures: false,
      output: { format: 'es', entryFileNames: 'start-after-paint-[hash].js' },
    },
  },
});
