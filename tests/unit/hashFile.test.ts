// @vitest-environment node
// Node's Blob reads like the browser's; the Worker is replaced by one that runs the same job in-process.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashInWorker, type HashProgress, type HashWorker } from '../../src/resources/firmware/hashFile';
import { CHUNK_SIZE, createSha3, hashChunks, runHashJob, type HashReply, type HashRequest, type Sha3Engine } from '../../src/resources/firmware/sha3';
import { ownMessages } from '../../src/messages';

const nodeSha3 = (bytes: Uint8Array) => createHash('sha3-256').update(bytes).digest('hex');

function bytesOf(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

const SMALL_CHUNK = 1000;
const sizes: [string, number][] = [
  ['empty', 0],
  ['1 byte', 1],
  ['exactly one chunk', SMALL_CHUNK],
  ['one chunk and 1 byte', SMALL_CHUNK + 1],
  ['several chunks', 3 * SMALL_CHUNK + 7],
];

describe.each<Sha3Engine>(['hash-wasm', 'js-sha3'])('SHA3-256 with %s', (engine) => {
  it.each(sizes)('%s matches node:crypto', async (_label, size) => {
    const bytes = bytesOf(size);
    const hex = await hashChunks(new Blob([bytes]), await createSha3(engine), { chunkSize: SMALL_CHUNK });
    expect(hex).toBe(nodeSha3(bytes));
  });

  it('matches node:crypto with the real chunk size, over two chunks', async () => {
    const bytes = bytesOf(CHUNK_SIZE + 3);
    expect(await hashChunks(new Blob([bytes]), await createSha3(engine))).toBe(nodeSha3(bytes));
  });
});

describe('progress', () => {
  const blob = new Blob([bytesOf(5 * SMALL_CHUNK)]);

  it('is reported at the start and the end only while the interval has not passed', async () => {
    const reports: HashProgress[] = [];
    await hashChunks(blob, await createSha3('hash-wasm'), { chunkSize: SMALL_CHUNK, onProgress: (p) => reports.push(p), now: () => 0 });
    expect(reports).toEqual([{ done: 0, total: 5000 }, { done: 5000, total: 5000 }]);
  });

  it('is reported after each chunk when each chunk takes longer than the interval', async () => {
    const reports: HashProgress[] = [];
    let t = 0;
    await hashChunks(blob, await createSha3('hash-wasm'), {
      chunkSize: 2 * SMALL_CHUNK,
      intervalMs: 100,
      now: () => (t += 100),
      onProgress: (p) => reports.push(p),
    });
    expect(reports.map((p) => p.done)).toEqual([0, 2000, 4000, 5000]);
  });
});

/** Runs the worker's job in this thread; after terminate() it posts nothing more, like a real worker. */
function inProcessWorker() {
  const state = { terminated: false, started: false };
  const worker = {
    onmessage: null as ((event: MessageEvent<HashReply>) => void) | null,
    onerror: null,
    terminate: () => void (state.terminated = true),
    postMessage: (request: HashRequest) => {
      state.started = true;
      void runHashJob({ ...request, chunkSize: SMALL_CHUNK }, (reply) => {
        if (!state.terminated) worker.onmessage?.({ data: reply } as MessageEvent<HashReply>);
      });
    },
  };
  return { worker: worker as unknown as HashWorker, state };
}

describe('hashFile (worker protocol)', () => {
  it('resolves to the hex digest, with progress up to the size, and ends the worker', async () => {
    const bytes = bytesOf(4 * SMALL_CHUNK + 1);
    const { worker, state } = inProcessWorker();
    const reports: HashProgress[] = [];
    const hex = await hashInWorker(() => worker, new Blob([bytes]), { onProgress: (p) => reports.push(p) });
    expect(hex).toBe(nodeSha3(bytes));
    expect(reports.at(-1)).toEqual({ done: bytes.length, total: bytes.length });
    expect(state.terminated).toBe(true);
  });

  it('uses WebAssembly where it is available', async () => {
    const replies: HashReply[] = [];
    await runHashJob({ file: new Blob([bytesOf(10)]) }, (reply) => replies.push(reply));
    expect(replies.at(-1)).toEqual({ type: 'done', engine: 'hash-wasm', hex: nodeSha3(bytesOf(10)) });
  });

  it('rejects with an AbortError and terminates the worker when the signal aborts', async () => {
    const { worker, state } = inProcessWorker();
    const controller = new AbortController();
    const reports: HashProgress[] = [];
    const hashing = hashInWorker(() => worker, new Blob([bytesOf(10 * SMALL_CHUNK)]), {
      signal: controller.signal,
      onProgress: (p) => {
        reports.push(p);
        controller.abort();
      },
    });
    const error = await hashing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError', message: ownMessages.hashCancelled });
    expect(state.terminated).toBe(true);
    expect(reports).toEqual([{ done: 0, total: 10 * SMALL_CHUNK }]);
  });

  it('rejects with an AbortError without starting a worker when the signal has already aborted', async () => {
    const { worker, state } = inProcessWorker();
    const hashing = hashInWorker(() => worker, new Blob([bytesOf(10)]), { signal: AbortSignal.abort() });
    await expect(hashing).rejects.toMatchObject({ name: 'AbortError' });
    expect(state.started).toBe(false);
  });

  it('rejects with a clear Error when the file cannot be read', async () => {
    const unreadable = {
      size: 10,
      slice: () => ({ arrayBuffer: () => Promise.reject(new DOMException('the file was changed or removed', 'NotReadableError')) }),
    } as unknown as Blob;
    const { worker, state } = inProcessWorker();
    await expect(hashInWorker(() => worker, unreadable)).rejects.toThrow(
      ownMessages.hashFileUnreadable('NotReadableError: the file was changed or removed'),
    );
    expect(state.terminated).toBe(true);
  });

  it('rejects with a clear Error when the worker script fails to load', async () => {
    let terminated = false;
    const broken = {
      onmessage: null,
      onerror: null as (() => void) | null,
      terminate: () => void (terminated = true),
      postMessage: () => queueMicrotask(() => broken.onerror?.()),
    };
    await expect(hashInWorker(() => broken as unknown as HashWorker, new Blob([]))).rejects.toThrow(ownMessages.hashWorkerFailed);
    expect(terminated).toBe(true);
  });
});
