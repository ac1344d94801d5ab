/**
 * The SHA3-256 the console sends as firmware_hash before uploading (spec section 4, Firmware save),
 * computed in a Web Worker so that the page stays responsive and a cancel stops the work at once.
 */
import { ownMessages } from '../../messages';
import type { HashProgress, HashReply, HashRequest } from './sha3';

export type { HashProgress } from './sha3';

export interface HashFileOptions {
  onProgress?: (progress: HashProgress) => void;
  signal?: AbortSignal;
}

/** The part of a Worker that hashFile uses (tests give a stand-in that runs the job in-process). */
export type HashWorker = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

/**
 * Lower-case hex SHA3-256 of the file, read in chunks in a Web Worker; rejects with a DOMException named
 * 'AbortError' when the signal aborts (the worker is terminated at once).
 */
export function hashFile(file: Blob, options?: HashFileOptions): Promise<string> {
  return hashInWorker(() => new Worker(new URL('./sha3Worker.ts', import.meta.url), { type: 'module' }), file, options);
}

export function hashInWorker(startWorker: () => HashWorker, file: Blob, options: HashFileOptions = {}): Promise<string> {
  const { onProgress, signal } = options;
  const cancelled = () => new DOMException(ownMessages.hashCancelled, 'AbortError');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const worker = startWorker();
    const settle = (outcome: () => void) => {
      // No progress after the outcome, even from a message already queued.
      worker.onmessage = null;
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => settle(() => reject(cancelled()));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }: MessageEvent<HashReply>) => {
      if (data.type === 'progress') onProgress?.({ done: data.done, total: data.total });
      else if (data.type === 'done') settle(() => resolve(data.hex));
      else settle(() => reject(new Error(ownMessages.hashFileUnreadable(data.reason))));
    };
    // The script itself failed (not served, or refused by the Content-Security-Policy).
    worker.onerror = () => settle(() => reject(new Error(ownMessages.hashWorkerFailed)));
    worker.postMessage({ file } satisfies HashRequest);
  });
}
