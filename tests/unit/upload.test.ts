/**
 * uploadFile (src/dataProvider/upload.ts): the multipart POST of spec section 7 through an
 * XMLHttpRequest stand-in, so that what is sent, the progress, the failures and the abort are seen.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownMessages } from '../../src/messages';
import { HttpError, reachability, ServerUnreachableError } from '../../src/dataProvider/http';
import { uploadFile } from '../../src/dataProvider/upload';
import { FakeXhr, installXhr } from './uploadXhrMock';
import { CSRF_VALUE } from '../../src/csrf';

afterEach(() => {
  vi.unstubAllGlobals();
  reachability.answered();
});

const file = () => new File(['0123456789'], 'fw 1.bin', { type: 'application/octet-stream' });

describe('uploadFile', () => {
  it('posts the file as the named multipart part under /api, with the session cookie and the CSRF header; reports progress; answers the object', async () => {
    installXhr();
    const progress: unknown[] = [];
    const done = uploadFile('/upload/firmware/3', 'firmware', file(), { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/upload/firmware/3', true]);
    expect(xhr.headers['X-Requested-With']).toBe(CSRF_VALUE);
    const sent = xhr.body?.get('firmware') as File;
    expect(sent.name).toBe('fw 1.bin');
    expect(await sent.text()).toBe('0123456789');
    xhr.upload.onprogress?.({ loaded: 4, total: 10, lengthComputable: true });
    xhr.respond(200, '{"id":3,"filename":"fw 1.bin"}');
    await expect(done).resolves.toEqual({ id: 3, filename: 'fw 1.bin' });
    expect(progress).toEqual([{ loaded: 4, total: 10 }]);
  });

  it("rejects a refusal with an HttpError carrying the server's Description, or the status text", async () => {
    installXhr();
    const refused = uploadFile('/upload/firmware/3', 'firmware', file());
    FakeXhr.last.respond(400, '{"Description":"The file does not have the announced hash."}', 'Bad Request');
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'The file does not have the announced hash.' });

    const tooLarge = uploadFile('/upload/firmware/3', 'firmware', file());
    FakeXhr.last.respond(413, '', 'Payload Too Large');
    await expect(tooLarge).rejects.toMatchObject({ status: 413, message: 'Payload Too Large' });
  });

  it("takes a proxy's 502, 503 or 504 for an unreachable server as every call does (a 504 may have stored the file), not the server's own refusals", async () => {
    installXhr();
    for (const status of [502, 503, 504]) {
      const sent = uploadFile('/upload/firmware/3', 'firmware', file());
      FakeXhr.last.respond(status, '<html>Gateway</html>', 'Gateway');
      const error = await sent.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerUnreachableError);
      expect(error).toMatchObject({ write: true, mayHaveChanged: status === 504 });
      expect(reachability.reachable()).toBe(false);
    }
    const busy = uploadFile('/upload/firmware/3', 'firmware', file());
    FakeXhr.last.respond(503, '{"Description":"busy"}', 'Service Unavailable');
    await expect(busy).rejects.toBeInstanceOf(HttpError);
    expect(reachability.reachable()).toBe(true);
  });

  it('rejects with an AbortError when the signal aborts, and says when the server cannot be reached', async () => {
    installXhr();
    const controller = new AbortController();
    const aborted = uploadFile('/upload/firmware/3', 'firmware', file(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);

    const unreachable = uploadFile('/upload/firmware/3', 'firmware', file());
    FakeXhr.last.onerror?.();
    await expect(unreachable).rejects.toThrow(ownMessages.uploadUnreachable);
  });
});
