// @vitest-environment node
// Node's Blob streams like the browser's; the Worker is replaced by one that runs the same job in-process.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashInWorker, type HashProgress, type HashWorker } from '../../src/resources/firmware/hashFile';
import { createSha3, hashBlob, runHashJob, type HashReply, type HashRequest, type Sha3Engine } from '../../src/resources/firmware/sha3';
import { ownMessages } from '../../src/messages';

const nodeSha3 = (...pieces: Uint8Array[]) => {
  const hash = createHash('sha3-256');
  for (const piece of pieces) hash.update(piece);
  return hash.digest('hex');
};

function bytesOf(size: number, seed = 0): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8) + seed) & 0xff;
  return bytes;
}

/** A Blob whose stream yields exactly these pieces: the hasher's updates fall where the test says. */
const blobOfPieces = (pieces: Uint8Array[]) =>
  ({
    size: pieces.reduce((n, p) => n + p.length, 0),
    stream: () =>
      new ReadableStream<Uint8Array>({
        start: (controller) => {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      }),
  }) as unknown as Blob;

// SHA3-256 absorbs 136-byte blocks: pieces that end on, before and after a block boundary.
const BLOCK = 136;
const cases: [string, number[]][] = [
  ['empty', []],
  ['1 byte', [1]],
  ['exactly one block in one piece', [BLOCK]],
  ['one block and 1 byte, in two pieces', [BLOCK, 1]],
  ['several pieces across blocks', [100, 36, BLOCK + 1, 1, 3 * BLOCK - 2, 5000]],
];

describe.each<Sha3Engine>(['hash-wasm', 'js-sha3'])('SHA3-256 with %s', (engine) => {
  it.each(cases)('%s matches node:crypto', async (_label, sizes) => {
    const pieces = sizes.map((size, i) => bytesOf(size, i));
    expect(await hashBlob(blobOfPieces(pieces), await createSha3(engine))).toBe(nodeSha3(...pieces));
  });

  it('matches node:crypto on a real 5 MiB Blob', async () => {
    const bytes = bytesOf(5 * 1024 * 1024 + 3);
    expect(await hashBlob(new Blob([bytes]), await createSha3(engine))).toBe(nodeSha3(bytes));
  });
});

describe('progress', () => {
  const pieces = [bytesOf(2000), bytesOf(2000), bytesOf(1000)];

  it('is reported at the start and the end only while the interval has not passed', async () => {
    const reports: HashProgress[] = [];
    await hashBlob(blobOfPieces(pieces), await createSha3('hash-wasm'), { onProgress: (p) => reports.push(p), now: () => 0 });
    expect(reports).toEqual([{ done: 0, total: 5000 }, { done: 5000, total: 5000 }]);
  });

  it('is reported after each piece when each piece takes longer than the interval', async () => {
    const reports: HashProgress[] = [];
    let t = 0;
    await hashBlob(blobOfPieces(pieces), await createSha3('hash-wasm'), {
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
      void runHashJob(request, (reply) => {
        if (!state.terminated) worker.onmessage?.({ data: reply } as MessageEvent<HashReply>);
      });
    },
  };
  return { worker: worker as unknown as HashWorker, state };
}

describe('hashFile (worker protocol)', () => {
  it('resolves to the hex digest, with progress up to the size, and ends the worker', async () => {
    const pieces = [bytesOf(3000), bytesOf(1)];
    const { worker, state } = inProcessWorker();
    const reports: HashProgress[] = [];
    const hex = await hashInWorker(() => worker, blobOfPieces(pieces), { onProgress: (p) => reports.push(p) });
    expect(hex).toBe(nodeSha3(...pieces));
    expect(reports.at(-1)).toEqual({ done: 3001, total: 3001 });
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
    const hashing = hashInWorker(() => worker, blobOfPieces([bytesOf(1000), bytesOf(1000)]), {
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
    expect(reports).toEqual([{ done: 0, total: 2000 }]);
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
      stream: () =>
        new ReadableStream({ pull: (c) => c.error(new DOMException('the file was changed or removed', 'NotReadableError')) }),
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
