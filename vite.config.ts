import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `vite dev` forwards /api (the PUCS server; scripts/dev.mjs starts one on 8080). */
const apiTarget = process.env.PUCS_API || 'http://localhost:8080';

/** Vendor groups: libraries change less often than the console, so their chunks stay cached. */
const vendorChunks: { name: string; test: RegExp; tags?: '$initial'[] }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
  // Not MUI X (the home page's charts): it stays in the lazy chunk of the code that imports it.
  { name: 'mui', test: /[\\/]node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|stylis)/ },
  { name: 'react-admin', test: /[\\/]node_modules[\\/](react-admin|ra-[^\\/]+|@tanstack|react-hook-form|lodash|inflection|query-string|node-polyglot)[\\/]/ },
  // Only what the first load imports: a library that lazy code alone uses (the @rjsf form) stays with that code.
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.PUCS_DIST_DIR || 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorChunks.map((g, i) => ({ ...g, priority: vendorChunks.length - i })) },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
