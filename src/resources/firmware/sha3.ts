/**
 * The SHA3-256 of a Blob, read a piece at a time so that a firmware of several GiB never sits in memory.
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

/** Progress reports at most this often (and once at the end), however small the pieces read. */
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

export interface HashBlobOptions {
  onProgress?: (progress: HashProgress) => void;
  intervalMs?: number;
  now?: () => number;
}

/**
 * Feeds the hasher the pieces of the Blob's stream, so that only a piece or two is ever in memory. The
 * browser sizes the pieces (64 KiB to a few MiB). In Chromium the stream reads about three times as fast
 * as 4 MiB slice().arrayBuffer() calls (each a new Blob and a round trip to the browser process), which
 * makes the whole hash about 40% faster.
 * Reports { done: 0 } first, then at most every intervalMs, and always { done: total } last.
 */
export async function hashBlob(blob: Blob, hasher: Sha3, options: HashBlobOptions = {}): Promise<string> {
  const { onProgress, intervalMs = PROGRESS_INTERVAL_MS, now = () => performance.now() } = options;
  const total = blob.size;
  let done = 0;
  let reported = { done: -1, at: now() };
  const report = () => {
    onProgress?.({ done, total });
    reported = { done, at: now() };
  };
  report();
  const reader = blob.stream().getReader();
  for (let piece = await reader.read(); !piece.done; piece = await reader.read()) {
    hasher.update(piece.value);
    done += piece.value.byteLength;
    if (now() - reported.at >= intervalMs) report();
  }
  if (reported.done !== done) report();
  return hasher.hex();
}

/** What the page sends the worker; engine forces one library (the bench compares them). */
export interface HashRequest {
  file: Blob;
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
    const hex = await hashBlob(request.file, hasher, { onProgress: (progress) => post({ type: 'progress', ...progress }) });
    post({ type: 'done', hex, engine: hasher.engine });
  } catch (error) {
    post({ type: 'error', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
}
