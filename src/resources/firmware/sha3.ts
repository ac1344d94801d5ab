/**
 * The SHA3-256 of a Blob, read a chunk at a time so that a firmware of several GiB never sits in memory.
 * Kept apart from the Web Worker (sha3Worker.ts) that runs it, so that unit tests and the bench run the
 * same code. hash-wasm (WebAssembly) is several times faster than js-sha3 in Chromium (figures in
 * docs/OPERATIONS.md); js-sha3 takes over where WebAssembly is missing or refused by a browser policy.
 */
import { createSHA3 } from 'hash-wasm';
import { sha3_256 } from 'js-sha3';

export type Sha3Engine = 'hash-wasm' | 'js-sha3';

export interface Sha3 {
  readonly engine: Sha3Engine;
  update(bytes: Uint8Array): void;
  /** Lower-case hex digest; the hasher is spent afterwards. */
  hex(): string;
}

export interface HashProgress {
  done: number;
  total: number;
}

/** Big enough that reading and messaging cost little next to hashing, small enough to keep memory flat. */
export const CHUNK_SIZE = 4 * 1024 * 1024;
/** Progress reports at most this often (and once at the end), whatever the chunk size. */
export const PROGRESS_INTERVAL_MS = 100;

export async function createSha3(engine: Sha3Engine): Promise<Sha3> {
  if (engine === 'hash-wasm') {
    const hasher = await createSHA3(256);
    return { engine, update: (bytes) => void hasher.update(bytes), hex: () => hasher.digest('hex') };
  }
  const hasher = sha3_256.create();
  return { engine, update: (bytes) => void hasher.update(bytes), hex: () => hasher.hex() };
}

/** hash-wasm, or js-sha3 where WebAssembly cannot be compiled (no WebAssembly, or a policy forbids it). */
export async function createFastestSha3(): Promise<Sha3> {
  try {
    return await createSha3('hash-wasm');
  } catch {
    return createSha3('js-sha3');
  }
}

export interface HashChunksOptions {
  chunkSize?: number;
  onProgress?: (progress: HashProgress) => void;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Feeds the Blob to the hasher chunk by chunk, reading the next chunk while the current one is hashed.
 * Reports { done: 0 } first, then at most every intervalMs, and always { done: total } last.
 */
export async function hashChunks(blob: Blob, hasher: Sha3, options: HashChunksOptions = {}): Promise<string> {
  const { chunkSize = CHUNK_SIZE, onProgress, intervalMs = PROGRESS_INTERVAL_MS, now = () => performance.now() } = options;
  const total = blob.size;
  const read = (offset: number) => blob.slice(offset, Math.min(offset + chunkSize, total)).arrayBuffer();
  onProgress?.({ done: 0, total });
  let reported = now();
  let next = total > 0 ? read(0) : undefined;
  for (let offset = 0; next; ) {
    const bytes = new Uint8Array(await next);
    offset += chunkSize;
    next = offset < total ? read(offset) : undefined;
    hasher.update(bytes);
    if (!next || now() - reported >= intervalMs) {
      onProgress?.({ done: Math.min(offset, total), total });
      reported = now();
    }
  }
  return hasher.hex();
}

/** What the page sends the worker; engine forces one library (the bench compares them). */
export interface HashRequest {
  file: Blob;
  chunkSize?: number;
  engine?: Sha3Engine;
}

export type HashReply =
  | ({ type: 'progress' } & HashProgress)
  | { type: 'done'; hex: string; engine: Sha3Engine }
  | { type: 'error'; reason: string };

/** The worker's whole job: every outcome, failures included, ends in one 'done' or 'error' reply. */
export async function runHashJob(request: HashRequest, post: (reply: HashReply) => void): Promise<void> {
  try {
    const hasher = await (request.engine ? createSha3(request.engine) : createFastestSha3());
    const hex = await hashChunks(request.file, hasher, {
      chunkSize: request.chunkSize,
      onProgress: (progress) => post({ type: 'progress', ...progress }),
    });
    post({ type: 'done', hex, engine: hasher.engine });
  } catch (error) {
    post({ type: 'error', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
}
