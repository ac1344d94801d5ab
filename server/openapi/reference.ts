/**
 * The API reference page: Swagger UI from node_modules (swagger-ui-dist), served by this server so
 * it works offline, loaded only on this page (never in the console bundle). Its own start script is
 * a file too, so the page runs under a CSP without inline scripts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages, ownMessages } from '../../src/messages';
import { CSRF_HEADER_NAME, CSRF_VALUE } from '../../src/csrf';
import { escapeHtml } from '../routes/console';
import { notFound } from '../http/errors';
import { answers, errors, text } from './contract';

/** Where the document and its reference page are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/reference';

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const VERSION = (JSON.parse(readFileSync(join(distDir, 'package.json'), 'utf8')) as { version: string }).version;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const relative = (path: string) => path.slice('/api/'.length);

// Paths relative to the page (/api/reference), so the page also works behind a proxy's path prefix.
// Every non-GET call of "Try it out" carries the CSRF header the server asks for.
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(relative(OPENAPI_PATH))},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  // Tags folded: the page opens on the list of tags (one per category, plus the others). Expanded, the shown tags and
  // operations reach Swagger UI's own threshold (150 items, 5.x) and it draws only those in view, the rest as the page
  // scrolls: a reader saw the first tag alone, and the browser's find missed the others. Folded, every tag is drawn.
  docExpansion: 'none',
  requestInterceptor: function (request) {
    request.headers[${JSON.stringify(CSRF_HEADER_NAME)}] = ${JSON.stringify(CSRF_VALUE)};
    return request;
  },
});
`;

/** The start script changes with this file, not with Swagger UI: its own version for the long cache. */
const INIT_VERSION = createHash('sha256').update(INIT).digest('hex').slice(0, 12);

const asset = (file: string, version = VERSION) => `${relative(REFERENCE_PATH)}/${file}?v=${version}`;

/** The page: Swagger UI's style sheet and bundle, then the start script. */
export const referencePage = (vendorSuffix: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${messages.productName} API${vendorSuffix}`)}</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('init.js', INIT_VERSION)}"></script>
</body>
</html>
`;

const TYPES = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' } as const;

/** The files of the page: read once, when first asked. */
const FILES: Record<string, { type: string; body: () => string | Buffer }> = {
  'swagger-ui.css': { type: TYPES.css, body: () => readFileSync(join(distDir, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': { type: TYPES.js, body: () => readFileSync(join(distDir, 'swagger-ui-bundle.js')) },
  'init.js': { type: TYPES.js, body: () => INIT },
};

/**
 * The page's CSP: the console's, as helmet sets it for every answer (server/routes/console.ts),
 * which already allows what Swagger UI needs: its scripts and style sheet from here, inline styles,
 * data: images, and fetching the document from here.
 */
export function registerReference(app: FastifyInstance) {
  const cache = new Map<string, string | Buffer>();
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    REFERENCE_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'apiReference',
        summary: 'The API reference page',
        description: 'A readable page of this document (Swagger UI, served by this server).',
        tags: ['documentation'],
        response: answers({ 200: { description: 'An HTML page.', content: text('text/html') } }),
      },
    },
    (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(referencePage(app.config.vendorSuffix)),
  );
  const fileSchema = {
    operationId: 'apiReferenceAsset',
    summary: 'A file of the reference page',
    tags: ['documentation'],
    params: z.object({ file: z.string() }),
    response: answers({
      200: { description: 'A script or style sheet of the page.', content: { ...text('text/javascript'), ...text('text/css') } },
      ...errors('404'),
    }),
  };
  routes.get(`${REFERENCE_PATH}/:file`, { config: { public: true }, schema: fileSchema }, (request, reply) => {
    const name = request.params.file;
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!file) throw notFound(ownMessages.notFound);
    let body = cache.get(name);
    if (body === undefined) cache.set(name, (body = file.body()));
    return reply.type(file.type).header('cache-control', IMMUTABLE).send(body);
  });
}
