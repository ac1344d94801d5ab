/**
 * The spec's script chunk loading timeout (section 9: 120 s), apart from lazyChunk.tsx so that the
 * light entry (src/entry/) can load the console with it without importing MUI.
 */
import { ownMessages } from './messages';

/** Spec section 9: script chunk loading timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(ownMessages.chunkTimedOut(timeoutMs / 1000));
  }
}

/** The load, or a ChunkTimeoutError once it has not settled within the timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
