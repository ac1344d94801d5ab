import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `vite dev` forwards /api (the PUCS server; scripts/dev.mjs starts one on 8080). */
const apiTarget = process.env.PUCS_API || 'http://localhost:8080';

/**
 * Vendor groups: libraries change less often than the console, so their chunks stay cached. The
 * public pages (src/entry/render.tsx and what it shows: sign-in, welcome, the QR page) travel with
 * React in one chunk, modules named one by one (nothing they import is pulled in with them): a
 * phone's browser fetches at most six files at once, and each further one costs a round trip, so
 * the first script, this chunk, the messages and Rolldown's runtime, with the page's two reads,
 * are all fetched in the first six. The router comes with the console. Other libraries stay with
 * the code that imports them (the console's chunk, the lazy @rjsf form).
 */
const vendorChunks: { name: string; test: RegExp; includeDependenciesRecursively?: boolean }[] = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/](entry[\\/](render|PublicEntry|navigation|parts|WelcomeCard|SignInForm|QrPage|QrPageView|Facts|publicPages)\.|custom[\\/](svgDataUrl|useProfileState|safeNextPath|signInErrorMessage|qrPublicInfo)\.)/,
    includeDependenciesRecursively: false,
  },
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

/**
 * The first script (src/main.tsx) sends the startup reads, then imports the public pages' chunk
 * (src/entry/render.tsx, with React). index.html announces that chunk, what it imports and its
 * styles, so that the browser downloads them alongside the first script rather than after it.
 */
const announcePublicPages = (): Plugin => ({
  name: 'pucs-announce-public-pages',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const chunks = Object.values(bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const pages = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/entry/render.tsx')));
      if (!pages) throw new Error('vite.config.ts: no chunk for src/entry/render.tsx');
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk || scripts.has(fileName)) return;
        scripts.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach(visit);
      };
      visit(pages.fileName);
      const link = (rel: string, file: string) => ({ tag: 'link', attrs: { rel, crossorigin: true, href: `/${file}` }, injectTo: 'head' as const });
      return [
        ...[...scripts].filter((f) => !html.includes(`/${f}`)).map((f) => link('modulepreload', f)),
        ...[...styles].filter((f) => !html.includes(`/${f}`)).map((f) => link('stylesheet', f)),
      ];
    },
  },
});

/**
 * The public pages' stylesheet (src/entry/publicPages.css) written into index.html's head: the
 * pages the server draws into it (server/routes/drawnPages.tsx) show styled before any script
 * runs, without a request more (a round trip on a phone's network).
 */
const inlinePublicPagesStyle = (): Plugin => ({
  name: 'pucs-inline-public-pages-style',
  transformIndexHtml: () => [{ tag: 'style', children: readFileSync(join(import.meta.dirname, 'src/entry/publicPages.css'), 'utf8'), injectTo: 'head' }],
});

export default defineConfig({
  plugins: [react(), precompress(), announcePublicPages(), inlinePublicPagesStyle()],
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
