/**
 * POST /api/upload/{route}/{id}: the file part is streamed to a temporary file while its SHA3-256 is
 * computed (never held in memory), then, in one transaction holding the object's row lock, checked
 * against the object (hash announced, not yet uploaded) and moved into the store, and the object's
 * file fields set. An object whose file must be an image (FileSpec.image) takes only bytes that
 * are one by their content, read from the received file. A crash leaves the old state (plus a temporary or unreferenced file, removed at
 * the next start, see cleanup.ts) or the new one.
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownMessages } from '../../src/messages';
import type { SessionUser } from '../auth/sessionUser';
import type { Queryable } from '../db/database';
import { assertPermitted, notFoundError } from '../crud/access';
import type { Row } from '../crud/hooks';
import { readOne, selectVisible } from '../crud/read';
import { ident } from '../crud/sql';
import { ApiError, badRequest, conflict } from '../http/errors';
import { storedFilename } from './names';
import { fsyncFile, imageKindOf } from './store';
import { fileRoute, lockHash, releaseHash, type FileCategory } from './references';
import { takesFile, takesImage, type FileCondition } from '../../src/schemas/defineCategory';

const MB = 2 ** 20;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_SLACK = 64 * 1024;
/**
 * Text fields before the file are kept in memory by the parser (1 MiB each, up to 1000 parts, by
 * default): a client adding a few short fields (curl -F) is served, one sending hundreds of
 * large ones is refused (413) before it can fill the server's memory.
 */
const FIELD_LIMITS = { fieldSize: 1024, parts: 8 };
const short = (hash: string) => hash.slice(0, 12);

/** The object as a write sees it (its team for the permission), locked when `forUpdate`. */
async function loadObject(db: Queryable, user: SessionUser, category: FileCategory, id: number, forUpdate: boolean): Promise<Row> {
  const [row] = await selectVisible(db, user, category, category.fieldSets.stored, (p) => [`"t"."id" = ${p.add(id)}`], forUpdate);
  if (!row) throw notFoundError();
  return row;
}

/** The values of the `only` condition as the form names them ('File or Image'). */
function takenValues(category: FileCategory, { field, values }: FileCondition): string {
  const labels = category.fields[field]?.valueLabels ?? {};
  return values.map((v) => labels[v] ?? v).join(' or ');
}

/** What refuses an upload to this object, whatever its bytes; checked before streaming and again under the row lock. */
function checkUploadable(category: FileCategory, user: SessionUser, row: Row): void {
  const { file } = category;
  assertPermitted(category.permissions.update, category, user, row);
  if (file.only && !takesFile(file, row)) throw badRequest(ownMessages.uploadNotTaken(category.fields[file.only.field].label, takenValues(category, file.only)));
  if (file.immutable && row[file.filename] != null) throw conflict(ownMessages.fileAlreadyUploaded);
  if (file.hashFirst && typeof row[file.hash] !== 'string') throw badRequest(ownMessages.fileHashMissing);
}

interface Received {
  temp: string;
  hash: string;
  size: number;
  name: string;
}

/**
 * The multipart parser's own errors (no boundary, a body cut short, a part never closed) carry no
 * status: they are the client's malformed body (400), not the server's fault (500). Errors of the
 * disk (a syscall) and those with a status (the parser's limits) keep theirs.
 */
function malformed(err: unknown): never {
  const e = err as { statusCode?: unknown; syscall?: unknown };
  if (err instanceof ApiError || e.statusCode !== undefined || e.syscall !== undefined) throw err;
  throw badRequest(ownMessages.uploadNotMultipart);
}

/**
 * A client that stops sending mid-upload but keeps its connection open would otherwise hold the
 * connection and the temporary file forever (the server sets no timeout): after `seconds` without
 * a byte its connection is closed, which ends the upload like a client abort. Answers the undo,
 * for once the body is read. (An injected request has no real socket, hence no timer.)
 */
function cutOffWhenIdle(request: FastifyRequest, seconds: number): () => void {
  const socket = request.raw.socket as Partial<Socket> | undefined;
  if (typeof socket?.setTimeout !== 'function') return () => {};
  const onIdle = () => socket.destroy?.();
  socket.setTimeout(seconds * 1000, onIdle);
  return () => {
    socket.setTimeout?.(0);
    socket.removeListener?.('timeout', onIdle);
  };
}

/** Streams the request's file part to a new temporary file, fsynced, hashing on the way. */
async function receive(app: FastifyInstance, request: FastifyRequest, category: FileCategory, temp: string): Promise<Received> {
  if (!request.isMultipart()) throw badRequest(ownMessages.uploadNotMultipart);
  const keepWaiting = cutOffWhenIdle(request, app.config.uploadIdleSeconds);
  try {
    return await receiveParts(app, request, category, temp);
  } finally {
    keepWaiting();
  }
}

async function receiveParts(app: FastifyInstance, request: FastifyRequest, category: FileCategory, temp: string): Promise<Received> {
  const maxMb = app.config.maxUploadMb;
  // A body announced well over the limit is refused before a byte of it is read.
  if (Number(request.headers['content-length']) > maxMb * MB + MULTIPART_SLACK) throw new ApiError(413, ownMessages.uploadTooLarge(maxMb));
  const part = await request.file({ limits: { fileSize: maxMb * MB, files: 1, ...FIELD_LIMITS }, throwFileSizeLimit: true }).catch(malformed);
  if (!part || part.fieldname !== category.file.part) throw badRequest(ownMessages.uploadPartMissing(category.file.part));
  const hasher = createHash('sha3-256');
  let size = 0;
  // Created before a byte is read: a stream left to open the file itself may create it after a failed
  // upload's cleanup has run (a cut body fails at once), leaving the temporary file behind.
  const out = (await open(temp, 'wx')).createWriteStream();
  await pipeline(
    part.file,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        hasher.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    out,
  ).catch(malformed);
  // Busboy stops at the limit and reports it only through `truncated`: the file is cut, not refused.
  if (part.file.truncated) throw new ApiError(413, ownMessages.uploadTooLarge(maxMb));
  await fsyncFile(temp);
  return { temp, hash: hasher.digest('hex'), size, name: storedFilename(part.filename, `${fileRoute(category)}.bin`) };
}

export async function uploadFile(app: FastifyInstance, request: FastifyRequest, user: SessionUser, category: FileCategory, id: number): Promise<Row> {
  const { db, registry, files } = app;
  const { file } = category;
  checkUploadable(category, user, await loadObject(db, user, category, id, false));

  const temp = files.store.tempPath();
  let added = false as boolean;
  let replaced: string | undefined;
  let received: Received | undefined;
  try {
    received = await receive(app, request, category, temp);
    const { hash, size, name } = received;
    const isImage = file.image !== undefined && (await imageKindOf(temp)) !== undefined;
    await db.transaction(async (tx) => {
      const row = await loadObject(tx, user, category, id, true);
      checkUploadable(category, user, row);
      if (takesImage(file, row) && !isImage) throw badRequest(ownMessages.imageNotSupported);
      const announced = row[file.hash];
      if (file.hashFirst && announced !== hash) throw badRequest(ownMessages.fileHashMismatch(short(String(announced)), short(hash)));
      await lockHash(tx, hash);
      added = await files.store.adopt(temp, hash);
      const { rows: updated } = await tx.query<Row>(
        `UPDATE ${ident(category.key)} SET ${ident(file.filename)} = $1, ${ident(file.size)} = $2, ${ident(file.date)} = now(), ${ident(file.hash)} = $3 WHERE "id" = $4 RETURNING *`,
        [name, size, hash, id],
      );
      await audit(tx, objectEntry(user, 'upload', category, row, updated[0]));
      if (row[file.filename] != null && typeof announced === 'string' && announced !== hash) replaced = announced;
    });
  } catch (err) {
    // The file went into the store but the row did not take it: drop it unless another object now has it.
    if (added && received) await releaseHash(db, registry, files.store, received.hash).catch((e: unknown) => request.log.error(e));
    throw err;
  } finally {
    await rm(temp, { force: true });
  }
  if (replaced) await files.release(replaced);
  return readOne(app, user, category, id, { full: false });
}
