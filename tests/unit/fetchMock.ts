/** A fetch stand-in for unit tests: records every call and answers from a handler. */
import { vi } from 'vitest';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  /** Parsed JSON body, the FormData itself, or undefined. */
  body: unknown;
  init: RequestInit;
}

export type FetchHandler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const empty = body === undefined || status === 204;
  return new Response(empty ? null : JSON.stringify(body), {
    status,
    headers: empty ? headers : { 'content-type': 'application/json', ...headers },
  });
}

export function installFetch(handler: FetchHandler): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined);
    const call: RecordedCall = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body, init };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return handler(call);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
