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
import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Category, FileCondition } from '../../src/schemas/defineCategory';
import { IMAGE_TYPES } from '../../src/schemas/imageKind';
import { requireUser } from '../crud/access';
import type { Row } from '../crud/hooks';
import { schemaNames } from '../openapi/jsonSchema';
import { answers, CACHE_BUSTER, documented, component, error, errors, file as fileContent, ID_PARAMS, json } from '../openapi/contract';
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

/** A FileSpec condition in words: `doc_type` 'file' or 'image'. */
const condition = ({ field, values }: FileCondition) => `\`${field}\` ${values.map((v) => `'${v}'`).join(' or ')}`;

/** The upload's contract: a multipart form, read by the handler part by part (upload.ts), the file in FileSpec.part. */
function uploadSchema(category: Category, file: NonNullable<Category['file']>) {
  const { key, singular } = category;
  const hash = category.fields[file.hash].label;
  const fileRules = [
    file.only ? `Only a ${singular} of ${condition(file.only)} holds a file: an upload to another answers 400 and stores nothing.` : '',
    file.hashFirst ? `The ${singular}'s \`${file.hash}\` (the ${hash} of the file, sent with the create or update) must match the bytes, else 400 and nothing is stored.` : '',
    file.immutable
      ? 'Once uploaded the file never changes: a second upload answers 409 and the first file is kept.'
      : 'A later upload replaces the file (the old one is removed from the store once no object holds it).',
    file.image
      ? `A ${singular} of ${condition(file.image)} takes an image only: PNG, JPEG, WebP or GIF by its first bytes (never by its name; SVG is refused), else 400 and nothing is stored; ` +
        `changing \`${file.image.field}\` to ${file.image.values.map((v) => `'${v}'`).join(' or ')} while the stored file is not one answers 400 too.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const form = { type: 'object', properties: { [file.part]: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [file.part] };
  return {
    operationId: `upload_${key}`,
    summary: `Upload the ${singular}'s file`,
    description:
      `A \`multipart/form-data\` body with the file in the part \`${file.part}\`, streamed to disk while its SHA3-256 is computed. ` +
      `${fileRules} Files over \`PUCS_MAX_UPLOAD_MB\` answer 413, as do more than 8 parts up to the file (other parts are ignored, ` +
      'text fields read up to 1 KiB each); a malformed multipart body answers 400. A client that sends nothing for `PUCS_UPLOAD_IDLE_SECONDS` ' +
      `(default 120) is cut off: the connection is closed and nothing is stored. Sets \`${file.filename}\` (the base name only), ` +
      `\`${file.size}\` (bytes), \`${file.date}\` and \`${file.hash}\` together. Admins of the object's team only.`,
    tags: [key],
    params: ID_PARAMS,
    body: { content: { 'multipart/form-data': { schema: documented(form) } } },
    response: answers({
      200: { description: `The ${singular} with its file fields set.`, content: json(component(schemaNames(category).object)) },
      ...errors('400', '401', '403', '404', '409'),
      413: error('The file is larger than `PUCS_MAX_UPLOAD_MB`, or more than 8 parts come up to the file; nothing is stored.'),
    }),
  };
}

/** The download's contract. */
function downloadSchema(category: Category, file: NonNullable<Category['file']>, route: string) {
  const { key, singular } = category;
  const inline = file.image
    ? ` A ${singular} of ${condition(file.image)} answers its image \`inline\`, with the image's \`Content-Type\` (image/png, image/jpeg, image/webp or image/gif, read from the bytes), so that an \`<img>\` shows it.`
    : '';
  return {
    operationId: `download_${key}`,
    summary: `Download the ${singular}'s file`,
    description:
      "Members of the object's team only. `ETag` is the quoted SHA3-256; `Range: bytes=a-b` (one range) answers 206 and " +
      '`If-Range` with that ETag resumes a download; `If-None-Match` answers 304; `HEAD` answers the headers alone. `?r=` (cache busting) is ignored. ' +
      `\`X-Content-Type-Options: nosniff\`.${inline}`,
    tags: [key],
    params: ID_PARAMS,
    querystring: CACHE_BUSTER,
    response: answers({
      200: {
        description: `The file, \`Content-Disposition\` ${file.image ? '`attachment` (an image: `inline`)' : '`attachment`'} with its name (RFC 6266, \`filename*\` when not ASCII or holding a \`%\` escape; \`${route}.bin\` when it has none).`,
        headers: {
          'Content-Disposition': { description: `${file.image ? 'attachment or inline' : 'attachment'}; filename="..."; filename*=UTF-8''...`, schema: z.string() },
          ETag: { description: 'The SHA3-256 of the file, quoted.', schema: z.string() },
        },
        content: fileContent('application/octet-stream', ...(file.image ? Object.values(IMAGE_TYPES) : [])),
      },
      206: { description: 'The requested range, with `Content-Range: bytes a-b/size`.', content: fileContent('application/octet-stream') },
      304: { description: 'The file matches `If-None-Match`.' },
      ...errors('401'),
      404: error(`No such ${singular}, one of a team the caller is not in, or no file uploaded yet${file.only ? ` or held now (not of ${condition(file.only)})` : ''} (the same answer).`),
      416: error('The range starts past the end of the file (`Content-Range: bytes */size`).'),
    }),
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
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      await scope.register(multipart);
      for (const category of fileCategories(app.registry)) {
        const route = fileRoute(category);
        scope.post(`/api/upload/${route}/:id`, { schema: uploadSchema(category, category.file) }, async (request) =>
          uploadFile(app, request, requireUser(request.user), category, request.params.id),
        );
        scope.get(`/api/download/${route}/:id`, { schema: downloadSchema(category, category.file, route) }, async (request, reply) =>
          downloadFile(app, request, reply, requireUser(request.user), category, request.params.id),
        );
      }
    });
  },
  { name: 'pucs-files', fastify: '5.x' },
);
