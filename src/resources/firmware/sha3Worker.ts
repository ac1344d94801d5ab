/**
 * Web Worker that hashes the firmware file the user chose (hashFile.ts starts it): hashing several GiB
 * on the page's thread would freeze the console, and terminating a worker cancels at once.
 */
import { runHashJob, type HashReply, type HashRequest } from './sha3';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(reply: HashReply): void;
};

scope.onmessage = (event) => void runHashJob(event.data, (reply) => scope.postMessage(reply));
