/**
 * GET /api/download/{route}/{id}: the object's file, streamed from the store, for members of the
 * object's team (anyone else gets the 404 of an unknown id, as does an object without a file yet
 * or one that `only` excludes).
 * The ETag is the content hash, so Range with If-Range lets a device on a bad network resume, and
 * If-None-Match spares it a download it already has. An object whose file must be an image
 * (FileSpec.image) answers it inline, typed by its content, so that an <img> shows it; anything
 * else, and an image holder's file that is no image, is an attachment of no particular type.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownMessages } from '../../src/messages';
import type { SessionUser } from '../auth/sessionUser';
import { notFoundError } from '../crud/access';
import { selectVisible } from '../crud/read';
import { contentDisposition } from './names';
import { fileRoute, type FileCategory } from './references';
import { imageKindOf } from './store';
import { takesFile, takesImage } from '../../src/schemas/defineCategory';
import { IMAGE_TYPES } from '../../src/schemas/imageKind';

/** A byte span, both ends included; 'unsatisfiable' answers 416; undefined: send the whole file. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** RFC 9110 14.2: one range is served; several, or a header we do not understand, are ignored (200, whole file). */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return undefined;
  const m = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end: Math.min(last, size - 1) };
}

/** If-None-Match compares weakly: W/"x" matches "x"; * matches any file. */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export async function downloadFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  category: FileCategory,
  id: number,
): Promise<FastifyReply> {
  const { file } = category;
  const columns = [file.filename, file.hash, ...[file.only, file.image].flatMap((condition) => (condition ? [condition.field] : []))];
  const [row] = await selectVisible(app.db, user, category, columns, (p) => [`"t"."id" = ${p.add(id)}`]);
  return sendStoredFile(app, request, reply, category, row);
}

/**
 * Answers the file of `row` (read with the FileSpec's columns) with Range, If-Range, ETag and HEAD, or
 * the 404 of an unknown id when it holds none; the caller has decided who may have it (the device API too).
 */
export async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  category: FileCategory,
  row: Record<string, unknown> | undefined,
): Promise<FastifyReply> {
  const { file } = category;
  const hash = row?.[file.hash];
  // An object that holds no file now (a File document turned Text) keeps its stored one unserved, until it takes files again.
  if (!row || row[file.filename] == null || typeof hash !== 'string' || !takesFile(file, row)) throw notFoundError();
  const path = app.files.store.pathOf(hash);
  const { size } = await stat(path);
  const etag = `"${hash}"`;
  void reply
    .header('ETag', etag)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, no-cache')
    .header('Access-Control-Expose-Headers', 'Content-Disposition, Content-Length, Content-Range, ETag');
  if (matchesAny(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  // If-Range names the version the client holds part of: a strong match, or the whole file again.
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${size}`).send({ Description: ownMessages.rangeNotSatisfiable });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const image = takesImage(file, row) ? await imageKindOf(path) : undefined;
  void reply
    .header('Content-Type', image ? IMAGE_TYPES[image] : 'application/octet-stream')
    .header('Content-Disposition', contentDisposition(String(row[file.filename]) || `${fileRoute(category)}.bin`, image ? 'inline' : 'attachment'))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', String(end - start + 1));
  if (range) void reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
  // HEAD (Fastify's route for this GET) would read a file stream to its end only to drop it, the whole file for a
  // few headers; any other empty body has its Content-Length set to 0 there. An empty stream keeps ours.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(size === 0 ? Buffer.alloc(0) : createReadStream(path, { start, end }));
}
