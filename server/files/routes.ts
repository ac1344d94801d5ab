/**
 * The file routes of every category that declares a file (FileSpec):
 *
 *   POST /api/upload/{route}/:id     multipart, the file in the part FileSpec.part; 200, the object
 *   GET  /api/download/{route}/:id   the file (Range, ETag); ?r= (cache busting) is ignored
 *
 * {route} is FileSpec.route, else the category key (spec section 7: a basic document's is 'document').
 *
 * Sign-in and CSRF are the /api rules of server/auth/plugin.ts. The store is cleaned before the
 * routes exist (cleanup.ts), and `app.files` lets a delete (server/crud/write.ts) release a file.
 */
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Category } from '../../src/schemas/defineCategory';
import { requireUser } from '../crud/access';
import type { Row } from '../crud/hooks';
import { parseId } from '../crud/routes';
import { cleanStore } from './cleanup';
import { downloadFile } from './download';
import { fileCategories, fileRoute, releaseHash } from './references';
import { FileStore, imageKindOf } from './store';
import { uploadFile } from './upload';

export interface FileService {
  store: FileStore;
  /** Removes the file of `hash` unless an object still references it. */
  release(hash: string): Promise<void>;
  /** After a delete committed: releases the deleted object's file, if it had one. */
  released(category: Category, row: Row): Promise<void>;
  /** Whether the stored file of `hash` is an image by its content. */
  isImage(hash: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: FileService;
  }
}

function fileService(app: FastifyInstance, store: FileStore): FileService {
  const release = async (hash: string) => {
    // The change is committed: a file left here is only an unreferenced one, which the next start removes.
    await releaseHash(app.db, app.registry, store, hash).catch((err: unknown) => app.log.error(err));
  };
  return {
    store,
    release,
    async released(category, row) {
      const file = category.file;
      const hash = file ? row[file.hash] : undefined;
      if (file && row[file.filename] != null && typeof hash === 'string') await release(hash);
    },
    isImage: async (hash) => (await imageKindOf(store.pathOf(hash))) !== undefined,
  };
}

export const fileRoutes = fp(
  async (app) => {
    const store = new FileStore(app.config.filesDir);
    await store.ensureDirs();
    // Several processes (server/runtime/cluster.ts): the primary cleaned before forking; a worker must not remove another's uploads.
    if (!app.config.worker) await cleanStore(app.db, app.registry, store);
    app.decorate('files', fileService(app, store));

    // Its own scope: multipart bodies are parsed on these routes only; elsewhere they stay refused.
    await app.register(async (scope) => {
      await scope.register(multipart);
      for (const category of fileCategories(app.registry)) {
        type WithId = { Params: { id: string } };
        const route = fileRoute(category);
        scope.post<WithId>(`/api/upload/${route}/:id`, async (request) =>
          uploadFile(app, request, requireUser(request.user), category, parseId(request.params.id)),
        );
        scope.get<WithId>(`/api/download/${route}/:id`, async (request, reply) =>
          downloadFile(app, request, reply, requireUser(request.user), category, parseId(request.params.id)),
        );
      }
    });
  },
  { name: 'pucs-files', fastify: '5.x' },
);
