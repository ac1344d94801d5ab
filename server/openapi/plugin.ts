/**
 * Gives every /api route its schema (routes.ts, special.ts) and serves the OpenAPI document and its
 * reference page. Registered first, so its onRoute hook sees every route.
 *
 * The schemas describe; they do not act: the handlers validate with the registry's zod schemas and
 * answer the spec's messages, so the route schemas get a validator that accepts anything and a
 * serializer that is plain JSON.stringify (no field dropped or coerced), exactly as without them.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import { openApiDocument, routeDocs } from './document';
import { OPENAPI_PATH } from './special';
import { registerReference } from './reference';

/** An /api route as registered: whether the document describes it, and whether it is public. */
export interface SeenRoute {
  method: string;
  url: string;
  described: boolean;
  public: boolean;
}

const seenByApp = new WeakMap<FastifyInstance, SeenRoute[]>();

/** The /api routes of an app built with this plugin (tests compare them with the document). */
export const apiRoutesOf = (app: FastifyInstance): readonly SeenRoute[] => seenByApp.get(app) ?? [];

// The device API is described too; its routes are public to the session rules (a device token guards them).
const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/device-api/');

const acceptAnything = () => () => true;
const plainJson = () => (data: unknown) => JSON.stringify(data);

const openApi: FastifyPluginAsync = async (app) => {
  // The registry given to buildApp (a test may bring a fixture category).
  const { categories } = app.registry;
  const docs = new Map(routeDocs(categories).map((r) => [`${r.method} ${r.url}`, r]));
  const seen: SeenRoute[] = [];
  seenByApp.set(app, seen);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiUrl(route.url) || typeof route.method !== 'string' || route.method === 'HEAD') return;
    const doc = docs.get(`${route.method} ${route.url}`);
    seen.push({ method: route.method, url: route.url, described: doc !== undefined, public: route.config?.public === true });
    if (!doc || route.schema) return;
    route.schema = doc.schema as FastifySchema;
    route.validatorCompiler = acceptAnything;
    route.serializerCompiler = plainJson;
  });

  const document = JSON.stringify(openApiDocument(categories));
  app.get(OPENAPI_PATH, { config: { public: true } }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  );
  registerReference(app);
};

export const openApiPlugin = fp(openApi, { name: 'pucs-openapi', fastify: '5.x' });
