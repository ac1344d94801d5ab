import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `vite dev` forwards /api (the PUCS server; scripts/dev.mjs starts one on 8080). */
const apiTarget = process.env.PUCS_API || 'http://localhost:8080';

/**
 * Vendor groups: libraries change less often than the console, so their chunks stay cached. The
 * first script (src/main.tsx, the public pages) needs React alone; the router comes with the console.
 * Other libraries stay with the code that imports them (the console's chunk, the lazy @rjsf form).
 */
const vendorChunks: { name: string; test: RegExp }[] = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // Not MUI X (the home page's charts): it stays in the lazy chunk of the code that imports it.
  { name: 'mui', test: /[\\/]node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs|stylis)/ },
  {
    name: 'react-admin',
    test: /[\\/]node_modules[\\/](react-admin|ra-[^\\/]+|react-router|react-router-dom|@tanstack|react-hook-form|lodash|inflection|query-string|node-polyglot)[\\/]/,
  },
];

/**
 * Brotli and gzip copies of the built scripts and styles, sent to the browsers that accept them
 * (server/routes/console.ts, preCompressed): a phone on a slow network downloads a quarter of the
 * bytes. Made from the files as written, so they are exactly what the console runs. Brotli's
 * quality 9: 7% larger than its best (11), in an eighth of the build time.
 */
const precompress = (): Plugin => ({
  name: 'pucs-precompress',
  apply: 'build',
  writeBundle({ dir }) {
    if (!dir) return;
    const assets = join(dir, 'assets');
    for (const name of readdirSync(assets).filter((n) => /\.(js|css)$/.test(n))) {
      const data = readFileSync(join(assets, name));
      writeFileSync(join(assets, `${name}.br`), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
      writeFileSync(join(assets, `${name}.gz`), gzipSync(data, { level: 9 }));
    }
  },
});

export default defineConfig({
  plugins: [react(), precompress()],
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
