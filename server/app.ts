/**
 * Builds the Fastify app as a plugin tree. server/start.ts boots it; tests build it and call
 * it with inject on a fresh database.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import type { ServerConfig } from './config';
import type { ServerRegistry } from './crud/registry';
import type { CategoryKey } from '../src/schemas/index';
import { CountCache } from './crud/countCache';
import { updateEndedSignal, type UpdateEndedSignal } from './deviceApi/updateEnded';
import { registry as defaultRegistry } from './registry';
import { ApiError } from './http/errors';
import { clientDataError, concurrencyError } from './http/dbErrorNet';
import { clientErrorHandler, frameworkErrors } from './http/clientErrors';
import { schemaRefusal } from './http/schemaRefusal';
import { privateAnswers } from './http/cacheHeaders';
import { requestForLog } from './http/requestLog';
import { ownMessages } from '../src/messages';
import { authPlugin } from './auth/plugin';
import { authRoutes } from './routes/auth';
import { invitationRoutes } from './routes/invitations';
import { crudRoutes } from './crud/routes';
import { batchRoutes } from './batch/routes';
import { miscRoutes } from './routes/misc';
import { qrPublicInfoReader, qrRoutes } from './qr/routes';
import { claimRoutes } from './claim/routes';
import { csvExportRoutes } from './routes/csvExport';
import { fileRoutes } from './files/routes';
import { certificateRoutes } from './certs/routes';
import { labelRoutes } from './labels/routes';
import { consoleRoutes } from './routes/console';
import { deviceApiRoutes } from './deviceApi/routes';
import { dashboardRoutes } from './dashboard/routes';
import { tokenRoutes } from './tokens/routes';
import { auditRoutes } from './audit/routes';
import { rolloutRoutes } from './rollouts/routes';
import { deviceRolloutRoutes } from './rollouts/deviceRollouts';
import { openApiPlugin } from './openapi/plugin';
import { loadShedding, clientGoneAnswer } from './http/loadShedding';
import { ClientGoneError } from './db/clientGone';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: ServerConfig;
    /** Product code looks up the product's keys (`app.registry.get('device')`); a test's app holds them too. */
    registry: ServerRegistry<CategoryKey>;
    counts: CountCache;
    /** Devices' updates ended by their check-ins (server/deviceApi/updateEnded.ts). */
    updateEnded: UpdateEndedSignal;
  }
}

/** Largest JSON body accepted (an icon is a data URL of up to ~300 kB; a config up to 1 MB). */
export const BODY_LIMIT = 2 * 1024 * 1024;

export interface BuildOptions {
  db: Database;
  config: ServerConfig;
  /** The categories and their hooks (server/registry.ts unless a test brings its own). */
  registry?: ServerRegistry;
  /** Log level, or false for none (tests). */
  logger?: false | 'error' | 'warn' | 'info';
  /** Where the log's lines go: standard output unless given (a test reads them). */
  logStream?: { write(line: string): void };
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export async function buildApp({ db, config, registry = defaultRegistry, logger = false, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: logger, serializers: { req: requestForLog }, ...(logStream ? { stream: logStream } : {}) } : false,
    bodyLimit: BODY_LIMIT,
    // The nearest `hops` proxies are trusted (proxy-addr counts from this server outwards), as a hop count would.
    trustProxy: config.trustProxy === false ? false : (_address: string, hop: number) => hop < (config.trustProxy as number),
    // Answers made before any route: the API's shape and security headers (server/http/clientErrors.ts).
    clientErrorHandler,
    frameworkErrors,
    // A request the route's zod schemas refuse (server/openapi/contract.ts) answers the schema's words.
    schemaErrorFormatter: schemaRefusal,
  });
  // Routes declare zod schemas: Fastify checks requests with them. Answers are plain JSON: the
  // response schemas describe (the document), so no field of an answer is dropped or coerced.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Fastify's JSON parser refuses valid JSON holding a prototype key and says only "invalid": told apart here.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    defaultJson(request, body as string, (err: Error | null, value?: unknown) =>
      (err as FastifyError | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' && parsesAsJson(body as string) ? done(new ApiError(400, ownMessages.bodyPrototypeKey), undefined) : done(err, value),
    ),
  );
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('registry', registry);
  app.decorate('counts', new CountCache());
  app.decorate('updateEnded', updateEndedSignal());
  app.decorate('qrPublicInfo', qrPublicInfoReader(db, config));
  const forgetCounts = db.onChange((payload) => app.counts.changed(payload));
  app.addHook('onClose', async () => forgetCounts());

  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.code(err.status).headers(err.headers).send({ Description: err.description });
    }
    if (err instanceof ClientGoneError) return clientGoneAnswer(request, reply);
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ Description: ownMessages.bodyTooLarge });
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send({ Description: ownMessages.malformedJson });
    }
    if (status >= 400 && status < 500) return reply.code(status).send({ Description: err.message });
    // A database error a client's values or timing caused, that no check before the statement caught.
    if (clientDataError(err)) {
      request.log.warn(err);
      return reply.code(400).send({ Description: ownMessages.valueNotStorable });
    }
    if (concurrencyError(err)) {
      request.log.warn(err);
      return reply.code(409).send({ Description: ownMessages.concurrentChange });
    }
    request.log.error(err);
    return reply.code(500).send({ Description: ownMessages.internalError });
  });

  privateAnswers(app); // before the routes: every answer without a Cache-Control of its own, and every error, is no-store
  await app.register(openApiPlugin); // first: its onRoute hook describes every /api route
  // First: its security headers must be on every answer, the early 401/403 of authPlugin included.
  await app.register(consoleRoutes);
  await app.register(loadShedding); // before any work of a request: a refusal costs none
  await app.register(authPlugin);
  await app.register(authRoutes);
  await app.register(invitationRoutes);
  await app.register(crudRoutes);
  await app.register(batchRoutes);
  await app.register(miscRoutes);
  await app.register(qrRoutes);
  await app.register(claimRoutes);
  await app.register(csvExportRoutes);
  await app.register(fileRoutes);
  await app.register(certificateRoutes);
  await app.register(labelRoutes);
  await app.register(deviceApiRoutes);
  await app.register(dashboardRoutes);
  await app.register(tokenRoutes);
  await app.register(auditRoutes);
  await app.register(rolloutRoutes);
  await app.register(deviceRolloutRoutes);
  return app;
}
