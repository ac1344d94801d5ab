import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, BUSY_RETRIES, http, HttpError, isAbortError, pendingCalls, reachability, send, ServerUnreachableError } from '../../src/dataProvider/http';
import { ownMessages } from '../../src/messages';
import { installFetch, jsonResponse } from './fetchMock';
import { CSRF_VALUE } from '../../src/csrf';

afterEach(() => {
  vi.unstubAllGlobals();
  // A test that met an unreachable server leaves none behind (no probe asks after it).
  reachability.answered();
});

describe('apiUrl', () => {
  it('puts paths under /api and keeps paths already there', () => {
    expect(apiUrl('/device/3')).toBe('/api/device/3');
    expect(apiUrl('device')).toBe('/api/device');
    expect(apiUrl('/api/full/type/1')).toBe('/api/full/type/1');
  });

  it('appends the query, leaving out null and undefined', () => {
    expect(apiUrl('/device', { fields: 'id,name', a: undefined, b: null, n: 0, t: false })).toBe(
      '/api/device?fields=id%2Cname&n=0&t=false',
    );
  });
});

describe('http', () => {
  it('sends the CSRF header and same-origin credentials on a GET', async () => {
    const calls = installFetch(() => jsonResponse({ json_list: [] }));
    const res = await http('/device', { query: { fields: 'id' } });
    expect(res.json).toEqual({ json_list: [] });
    expect(calls[0].url.pathname).toBe('/api/device');
    expect(calls[0].url.searchParams.get('fields')).toBe('id');
    expect(calls[0].method).toBe('GET');
    expect(calls[0].headers.get('X-Requested-With')).toBe(CSRF_VALUE);
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(calls[0].headers.get('Content-Type')).toBeNull();
  });

  it('sends JSON bodies with the CSRF header on writes', async () => {
    const calls = installFetch(() => jsonResponse({ id: 7, name: 'x' }));
    const res = await http('/type', { method: 'POST', body: { name: 'x' } });
    expect(res.json).toEqual({ id: 7, name: 'x' });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toEqual({ name: 'x' });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(calls[0].headers.get('X-Requested-With')).toBe(CSRF_VALUE);
  });

  it('lets the browser encode multipart uploads', async () => {
    const calls = installFetch(() => jsonResponse(undefined, 204));
    const form = new FormData();
    form.append('firmware', new Blob(['abc']), 'fw.bin');
    await http('/upload/firmware/3', { method: 'POST', body: form });
    expect(calls[0].body).toBe(form);
    expect(calls[0].headers.get('Content-Type')).toBeNull();
    expect(calls[0].headers.get('X-Requested-With')).toBe(CSRF_VALUE);
  });

  it('answers null for an empty body (204, or current_user signed out)', async () => {
    installFetch(() => new Response('', { status: 200 }));
    expect((await http('/current_user')).json).toBeNull();
    installFetch(() => jsonResponse(undefined, 204));
    const res = await http('/logout', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(res.json).toBeNull();
  });

  it('answers text that is not JSON as text', async () => {
    installFetch(() => new Response('true-ish', { status: 200 }));
    expect((await http('/issemver/1.0.0')).json).toBe('true-ish');
  });

  it('throws an HttpError carrying the Description, the status and the body', async () => {
    installFetch(() => jsonResponse({ Description: 'The name x is not unique.' }, 409));
    const error = await http('/type', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('The name x is not unique.');
    expect(error.description).toBe('The name x is not unique.');
    expect(error.body).toEqual({ Description: 'The name x is not unique.' });
  });

  it('falls back to the status text when the body has no Description', async () => {
    installFetch(() => new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    const error = await http('/device').catch((e) => e);
    expect(error.message).toBe('Internal Server Error');
    expect(error.description).toBeUndefined();
    installFetch(() => new Response(null, { status: 500 }));
    expect((await http('/device').catch((e) => e)).message).toBe('HTTP 500');
  });

  it('keeps the headers of an error (Retry-After of a 429)', async () => {
    installFetch(() => jsonResponse({ Description: 'wait' }, 429, { 'Retry-After': '30' }));
    const error = await send('/login', { method: 'POST', body: {} }).catch((e) => e);
    expect(error.headers.get('Retry-After')).toBe('30');
  });

  it('sends a call refused as busy (503 with Retry-After) again when the server says, then answers', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      const calls = installFetch(() =>
        ++n <= 2 ? jsonResponse({ Description: 'busy' }, 503, { 'Retry-After': '1' }) : jsonResponse({ json_list: [1] }),
      );
      const answer = http('/device');
      await vi.advanceTimersByTimeAsync(2000);
      expect((await answer).json).toEqual({ json_list: [1] });
      expect(calls.length).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up on a busy server after a few tries, and at once on a 503 without Retry-After', async () => {
    vi.useFakeTimers();
    try {
      const calls = installFetch(() => jsonResponse({ Description: 'busy' }, 503, { 'Retry-After': '1' }));
      const answer = http('/device').catch((e) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      const error = await answer;
      expect(error.status).toBe(503);
      expect(error.description).toBe('busy');
      expect(calls.length).toBe(1 + BUSY_RETRIES);
      const once = installFetch(() => jsonResponse({ Description: 'down' }, 503));
      expect((await http('/device').catch((e) => e)).description).toBe('down');
      expect(once.length).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes the abort signal and lets an aborted call reject with an AbortError', async () => {
    const calls = installFetch(() => jsonResponse({}));
    const controller = new AbortController();
    controller.abort();
    const error = await http('/device', { signal: controller.signal }).catch((e) => e);
    expect(calls[0].init.signal).toBe(controller.signal);
    expect(isAbortError(error)).toBe(true);
  });

  it('rejects a call aborted while its body arrives, instead of answering an empty body', async () => {
    installFetch(() => {
      const answer = jsonResponse([{ id: 1 }]);
      vi.spyOn(answer, 'text').mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
      return answer;
    });
    const error = await http('/full/device?filter={}').catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });

  it('counts the calls waiting for an answer, failed and aborted ones included, for the page title', async () => {
    const answers: ((r: Response) => void)[] = [];
    installFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const seen: number[] = [];
    const unsubscribe = pendingCalls.subscribe(() => seen.push(pendingCalls.count()));
    expect(pendingCalls.count()).toBe(0);
    const first = http('/device');
    const second = http('/type', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(pendingCalls.count()).toBe(2);
    answers[0](jsonResponse({ json_list: [] }));
    await first;
    expect(pendingCalls.count()).toBe(1);
    answers[1](jsonResponse({ Description: 'Refused.' }, 400));
    expect(await second).toBeInstanceOf(HttpError);
    expect(pendingCalls.count()).toBe(0);
    const controller = new AbortController();
    controller.abort();
    await http('/device', { signal: controller.signal }).catch(() => undefined);
    expect(pendingCalls.count()).toBe(0);
    unsubscribe();
    expect(seen).toEqual([1, 2, 1, 0, 1, 0]);
  });

  it('tells a call that did not reach the server (network error) from an answer, reads from changes', async () => {
    installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const read = await http('/device').catch((e) => e);
    expect(read).toBeInstanceOf(ServerUnreachableError);
    expect(read).not.toBeInstanceOf(HttpError);
    expect(read.message).toBe(ownMessages.serverUnreachable);
    expect(read.write).toBe(false);
    const save = await http('/device/3', { method: 'PUT', body: { name: 'x' } }).catch((e) => e);
    expect(save).toBeInstanceOf(ServerUnreachableError);
    expect(save.write).toBe(true);
    expect(reachability.reachable()).toBe(false);
  });

  it("takes a proxy's 502, 503 or 504 for an unreachable server, not the server's own refusals", async () => {
    for (const status of [502, 503, 504]) {
      installFetch(() => new Response('<html>Bad Gateway</html>', { status }));
      expect(await http('/device').catch((e: unknown) => e)).toBeInstanceOf(ServerUnreachableError);
      expect(reachability.reachable()).toBe(false);
    }
    // The server answered: a refusal with its Description, even a 503, is an HttpError.
    installFetch(() => jsonResponse({ Description: 'down for maintenance' }, 503));
    const refused = await http('/device').catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused.status).toBe(503);
    expect(reachability.reachable()).toBe(true);
    installFetch(() => new Response(null, { status: 500 }));
    expect(await http('/device').catch((e: unknown) => e)).toBeInstanceOf(HttpError);
  });

  it("keeps the proxy's status: only a change timed out by a proxy (504) may have been made", async () => {
    for (const [status, maybe] of [[502, false], [503, false], [504, true]] as const) {
      installFetch(() => new Response('<html>Gateway</html>', { status }));
      const save = await http('/claim_device/3', { method: 'PUT', body: {} }).catch((e) => e);
      expect(save).toBeInstanceOf(ServerUnreachableError);
      expect(save.status).toBe(status);
      expect(save.mayHaveChanged).toBe(maybe);
      expect((await http('/device').catch((e) => e)).mayHaveChanged).toBe(false);
    }
    installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await http('/device/3', { method: 'PUT', body: {} }).catch((e) => e)).mayHaveChanged).toBe(false);
  });

  it('marks the server reachable again at its first answer', async () => {
    installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await http('/device').catch(() => undefined);
    expect(reachability.reachable()).toBe(false);
    installFetch(() => jsonResponse({ Description: 'Not found.' }, 404));
    await http('/device/9').catch(() => undefined);
    expect(reachability.reachable()).toBe(true);
  });

  it('an aborted call says nothing about the server', async () => {
    installFetch(() => jsonResponse({}));
    const controller = new AbortController();
    controller.abort();
    const error = await http('/device', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ServerUnreachableError);
    expect(reachability.reachable()).toBe(true);
  });

  it('tells abort errors from others', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('x', 'TimeoutError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
