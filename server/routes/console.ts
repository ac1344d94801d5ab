/**
 * Serves the built console (config.distDir) and everything no other route answers:
 * - hashed bundles under /assets/ with a year-long immutable cache; other files of dist/ revalidated;
 * - any other GET outside /api gets index.html (history routing: /devices, /qr?id=1, /nonsense...;
 *   the console shows its own error page for unknown routes), with the vendor suffix filled in, and
 *   the QR page and the sign-in form drawn into it (drawnPages.tsx);
 * - unknown /api paths (and non-GET requests anywhere) get 404 { Description }.
 * Wrapped in fastify-plugin so the security headers and the not-found handler cover the whole app.
 */
import { existsSync, statSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fp from 'fastify-plugin';
import { helmetHeaders, hstsOverHttps } from '../http/securityHeaders';
import { DEVICE_API_PREFIX } from '../deviceApi/wire';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { messages, ownMessages } from '../../src/messages';
import { PROFILE_PATH } from '../../src/entry/startupReads';
import { API_BASE } from '../../src/dataProvider/http';
import { drawPage } from './drawnPages';
import { NO_STORE } from '../http/cacheHeaders';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The element of index.html the console draws into; the server draws some pages into it first. */
const ROOT = '<div id="root"></div>';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** index.html with the vendor suffix in its meta tag (read by the console) and in the title. */
export function renderIndex(html: string, vendorSuffix: string): string {
  // Function replacers: a suffix containing '$&' must be inserted literally.
  const suffix = escapeHtml(vendorSuffix);
  return html
    .replace(/<meta\b[^>]*\bname="pucs-vendor-suffix"[^>]*>/, (tag) => tag.replace(/\bcontent="[^"]*"/, () => `content="${suffix}"`))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(messages.productName)}${suffix}</title>`);
}

/**
 * The page with the profile read its first script will send (src/entry/startupReads.ts) announced
 * as a preload (the read a round trip sooner than the script would send it on a phone's network; the
 * page's own request takes the preloaded answer; the QR page's public information comes with the
 * page instead, server/routes/drawnPages.tsx), and a Link header announcing the page's scripts
 * and styles, fetched as soon as the answer's headers arrive, a few hundred milliseconds before the
 * page is parsed. The reads are not in the header too: announced twice, Chromium sent the profile
 * twice, and the answer left unused (signed out) was the one a later read of it got. crossorigin=
 * "anonymous" is the credentials mode of the console's same-origin fetch and of the module scripts,
 * which a preload must match to be used.
 */
export function withStartupPreloads(html: string): { html: string; link: string } {
  const tag = `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(`${API_BASE}${PROFILE_PATH}`)}">`;
  const scripts = [...html.matchAll(/<(?:script type="module"[^>]*\bsrc|link rel="modulepreload"[^>]*\bhref)="(\/[^"]+)"/g)].map((m) => `<${m[1]}>; rel=modulepreload`);
  const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*\bhref="(\/[^"]+)"/g)].map((m) => `<${m[1]}>; rel=preload; as=style; crossorigin=anonymous`);
  // The scripts first: measured on Chromium's Slow 4G, the reads first delayed the scripts more than they gained.
  return { html: html.replace('</head>', () => `${tag}</head>`), link: [...scripts, ...styles].join(', ') };
}

/** Keeps the rendered page in memory, re-read only when the file changes (a rebuild while running). */
function indexPage(file: string, vendorSuffix: string): () => string | undefined {
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: renderIndex(readFileSync(file, 'utf8'), vendorSuffix) };
    return cached.html;
  };
}

/** The console's API and the devices' (every version): an unknown URL there is a JSON 404, never the console page a client could take for an answer. */
const API_ROOTS = ['/api', `/${DEVICE_API_PREFIX.split('/')[1]}`];
const isApi = (url: string) => API_ROOTS.some((root) => url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`));

const consolePlugin: FastifyPluginAsync = async (app) => {
  const distDir = resolve(app.config.distDir);
  const page = indexPage(join(distDir, 'index.html'), app.config.vendorSuffix);

  helmetHeaders(app);
  hstsOverHttps(app);

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = page();
    if (html === undefined) return reply.code(503).type('text/plain; charset=utf-8').send(ownMessages.consoleNotBuilt);
    const answer = withStartupPreloads(html);
    const drawn = html.includes(ROOT) ? await drawPage(app, request, request.url) : undefined;
    const body = drawn ? answer.html.replace(ROOT, () => `<div id="root">${drawn.markup}</div>${drawn.after}`) : answer.html;
    // A drawn page holds what its API answer holds (a member's device id): stored by no cache, as that answer.
    return reply.type('text/html; charset=utf-8').header('cache-control', drawn ? NO_STORE : 'no-cache').header('link', answer.link).send(body);
  };

  // Encapsulated so that the static plugin's reply decorators (sendFile, download) stay private here.
  await app.register(async (files) => {
    if (existsSync(join(distDir, 'index.html'))) {
      await files.register(fastifyStatic, {
        root: distDir,
        // One route per built file: unknown paths never touch the disk and fall to the handler below.
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
        decorateReply: false,
        // The build's .br and .gz copies (vite.config.ts), to browsers that accept them.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
        },
      });
    }
    files.get('/', (req, reply) => sendIndex(req, reply));
    files.get('/index.html', (req, reply) => sendIndex(req, reply));
  });

  app.setNotFoundHandler((request, reply) => {
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (!get || isApi(request.url)) return reply.code(404).send({ Description: ownMessages.notFound });
    return sendIndex(request, reply);
  });
};

export const consoleRoutes = fp(consolePlugin, { name: 'pucs-console', fastify: '5.x' });
