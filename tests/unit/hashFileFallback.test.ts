// @vitest-environment node
// A file of its own: hash-wasm keeps its compiled module per module instance, and this one must never have compiled it.
import { createHash } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { runHashJob, type HashReply } from '../../src/resources/firmware/sha3';

it('falls back to js-sha3 where WebAssembly is unavailable', async () => {
  vi.stubGlobal('WebAssembly', undefined);
  const bytes = new TextEncoder().encode('firmware image');
  const replies: HashReply[] = [];
  await runHashJob({ file: new Blob([bytes]) }, (reply) => replies.push(reply));
  vi.unstubAllGlobals();
  expect(replies.at(-1)).toEqual({ type: 'done', engine: 'js-sha3', hex: createHash('sha3-256').update(bytes).digest('hex') });
});
