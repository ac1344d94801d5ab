/**
 * Collects the contract every /api route declares where it is registered (server/openapi/contract.ts)
 * and serves the OpenAPI document built from them and its reference page. Registered first, so its
 * onRoute hook sees every route.
 */
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { openApiDocument, type OpenApiDocument } from './document';
import type { RouteSeen } from './operation';
import { answers, json } from './contract';
import { OPENAPI_PATH, registerReference } from './reference';

/** An /api route as registered: whether the document describes it, and whether it is public. */
export interface SeenRoute {
  method: string;
  url: string;
  described: boolean;
  public: boolean;
}

const seenByApp = new WeakMap<FastifyInstance, RouteSeen[]>();

/** The /api routes of an app built with this plugin (tests compare them with the document). */
export const apiRoutesOf = (app: FastifyInstance): SeenRoute[] =>
  (seenByApp.get(app) ?? []).map(({ method, url, schema, public: isPublic }) => ({ method, url, described: schema?.operationId !== undefined, public: isPublic }));

/** The document of an app built with this plugin, from the contracts of its routes and its registry (a test may bring a fixture category). */
export const openApiDocumentOf = (app: FastifyInstance): OpenApiDocument => openApiDocument(app.registry.categories, seenByApp.get(app) ?? []);

// The device API is described too; its routes are public to the session rules (a device token guards them).
const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/device-api/');

const openApi: FastifyPluginAsync = async (app) => {
  const seen: RouteSeen[] = [];
  seenByApp.set(app, seen);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiUrl(route.url) || typeof route.method !== 'string' || route.method === 'HEAD') return;
    seen.push({ method: route.method, url: route.url, schema: route.schema, public: route.config?.public === true });
  });

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: {
        operationId: 'openApiDocument',
        summary: 'This document',
        tags: ['documentation'],
        response: answers({ 200: { description: 'The OpenAPI 3.1 document of the API.', content: json(z.object({})) } }),
      },
    },
    // Built when first asked: every route is registered by then.
    (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send((document ??= JSON.stringify(openApiDocumentOf(app)))),
  );
  registerReference(app);
};

export const openApiPlugin = fp(openApi, { name: 'pucs-openapi', fastify: '5.x' });
