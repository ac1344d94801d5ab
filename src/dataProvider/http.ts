/**
 * The one http helper every console call goes through (spec section 7: "All calls go through one
 * shared helper"). It knows the /api base, sends the session cookie, the CSRF header and JSON, and
 * turns any non-2xx answer into an HttpError, and a call that does not reach the server into a
 * ServerUnreachableError (reachability.ts learns of both). It never shows anything: callers decide
 * whether a failure goes to the error catalogue (errors.ts) or is shown in place (the sign-in form).
 */

import { CSRF_HEADER } from '../csrf';
import { ownMessages } from '../messages';
import { createReachability } from './reachability';
import { rememberRead, takeEarlyRead } from './earlyRead';

export const API_BASE = '/api';

/** The server refuses any non-GET /api call without it (CSRF guard); sent on every call for simplicity. */
export { CSRF_HEADER };

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, except FormData (multipart uploads) which the browser encodes itself. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Read from the server itself, never from the page's preloaded answer or a cache (the profile after
   * signing in): a random r parameter, as the spec's downloads carry, makes the address one of its own.
   */
  fresh?: boolean;
  /**
   * The route (path and query) whose table this read is: its address is remembered for the next
   * load of that route, and the read the first script sent early for it is taken when it is this
   * very address (earlyRead.ts).
   */
  tableRoute?: string;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON; null for an empty body (204, or current_user when signed out). */
  json: T;
}

/** A non-2xx answer. `body` is the parsed error body, normally { Description }. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Headers;

  constructor(message: string, status: number, body: unknown, headers?: Headers) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  /** The server's Description, when the body carries one. */
  get description(): string | undefined {
    const d = (this.body as { Description?: unknown } | null)?.Description;
    return typeof d === 'string' && d !== '' ? d : undefined;
  }
}

/** A proxy's answer that it passed the call on but the server did not answer in time. */
const GATEWAY_TIMEOUT = 504;

/**
 * A call that did not reach the server: the browser could not connect (fetch's TypeError), or a
 * proxy in front of it answered that it could not (502, 503 or 504 without the server's own
 * Description; the server's busy 503 carries one). Not an answer of the server: what the page
 * shows is kept, and a change was not made.
 */
export class ServerUnreachableError extends Error {
  readonly method: string;
  /** The proxy's status, if one answered (502, 503, 504); none for a network error. */
  readonly status?: number;

  constructor(method: string, cause?: unknown, status?: number) {
    super(ownMessages.serverUnreachable, { cause });
    this.name = 'ServerUnreachableError';
    this.method = method;
    this.status = status;
  }

  /** A call meant to change something (anything but a read). */
  get write(): boolean {
    return this.method !== 'GET';
  }

  /**
   * A change the server may still have made: a proxy's 504 says it passed the call on and the
   * server did not answer in time, not that the server never saw it (a claim may be spent, an
   * object created), so the console must not say that nothing was changed.
   */
  get mayHaveChanged(): boolean {
    return this.write && this.status === GATEWAY_TIMEOUT;
  }
}


/** The statuses a proxy answers for a server it cannot reach or that did not answer in time. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * The failure of an answer that did not come from the server (a proxy's 502, 503 or 504 without
 * the server's Description), told to the reachability; else the server answered, said so too, and
 * undefined. One rule for fetch here and the uploads' XMLHttpRequest (upload.ts).
 */
export function unreachableAnswer(method: string, status: number, description: string | undefined): ServerUnreachableError | undefined {
  if (description === undefined && GATEWAY_FAILURES.has(status)) {
    reachability.lost();
    return new ServerUnreachableError(method, undefined, status);
  }
  reachability.answered();
  return undefined;
}

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    ((error as { name?: unknown }).name === 'AbortError' || (error as { name?: unknown }).name === 'TimeoutError')
  );
}

/** '/device/3' -> '/api/device/3' (a path already under /api is kept as is), plus the query string. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const base = clean === API_BASE || clean.startsWith(`${API_BASE}/`) ? clean : `${API_BASE}${clean}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

/**
 * How many calls are waiting for the server's answer. Every call goes through here, so this is
 * what the page title's ' [waiting for server response]' reads (spec section 2), saves and
 * deletes included.
 */
let waiting = 0;
const waitingListeners = new Set<() => void>();
const setWaiting = (n: number) => {
  waiting = n;
  waitingListeners.forEach((listener) => listener());
};

export const pendingCalls = {
  count: (): number => waiting,
  subscribe(listener: () => void): () => void {
    waitingListeners.add(listener);
    return () => waitingListeners.delete(listener);
  },
};

/** How many times a call refused as busy (503 with Retry-After) is sent again, and the longest wait honoured. */
export const BUSY_RETRIES = 3;
const MAX_RETRY_AFTER_SECONDS = 10;

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/** A probe that gets no answer in this time counts as not reaching the server. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether the server answers: asked again with the profile's call (GET /api/current_user, the
 * lightest there is) while it does not, not counted as a call the page waits for.
 */
export const reachability = createReachability(() =>
  sendNow('/current_user', { fresh: true, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
);

/** fetch, with a connection that fails (not an aborted call) told as a ServerUnreachableError. */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (isAbortError(error)) throw error;
    reachability.lost();
    throw new ServerUnreachableError(init.method ?? 'GET', error);
  }
}

/** Sends the request and returns the raw Response when it is 2xx; throws HttpError otherwise. */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  setWaiting(waiting + 1);
  try {
    return await sendNow(path, options);
  } finally {
    setWaiting(waiting - 1);
  }
}

/** What fetch is given for a call: the session cookie, the CSRF header, JSON. */
function requestInit({ method = 'GET', body, signal, headers, fresh }: RequestOptions): RequestInit {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    signal,
    headers: {
      Accept: 'application/json',
      ...CSRF_HEADER,
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
  };
  if (fresh) init.cache = 'no-store';
  if (body !== undefined) init.body = isForm ? (body as FormData) : JSON.stringify(body);
  return init;
}

/** A table's read sent by the first script before the console is there (earlyRead.ts), as the console sends its reads. */
export const sendEarlyRead = (url: string): Promise<Response> => fetch(url, requestInit({}));

async function sendNow(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', signal, fresh, tableRoute } = options;
  const query = fresh ? { ...options.query, r: Math.random().toString(36).slice(2) } : options.query;
  const init = requestInit(options);
  const url = apiUrl(path, query);
  let response: Response;
  if (tableRoute === undefined || method !== 'GET' || fresh) response = await reach(url, init);
  else {
    rememberRead(tableRoute, url);
    const early = takeEarlyRead(tableRoute, url);
    // An early read that did not reach the server is sent again, as this call.
    response = early ? await early.catch(() => reach(url, init)) : await reach(url, init);
  }
  // A busy server refuses before doing any work (server/http/loadShedding.ts) and says when to come
  // back: the call is sent again then, a few times, so a moment of overload costs a user a wait,
  // not an error.
  for (let retry = 0; retry < BUSY_RETRIES && response.status === 503; retry++) {
    const seconds = Number(response.headers.get('Retry-After'));
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_RETRY_AFTER_SECONDS) break;
    await response.body?.cancel();
    await delay(seconds * 1000, signal);
    response = await reach(url, init);
  }
  if (!response.ok) {
    const errorBody = await readBody(response);
    const description = (errorBody as { Description?: unknown } | null)?.Description;
    const described = typeof description === 'string' && description !== '' ? description : undefined;
    const unreachable = unreachableAnswer(method, response.status, described);
    if (unreachable) throw unreachable;
    throw new HttpError(described ?? (response.statusText || `HTTP ${response.status}`), response.status, errorBody, response.headers);
  }
  reachability.answered();
  return response;
}

/** A JSON call: GET/POST/PUT/DELETE with an optional JSON body, answering parsed JSON. */
export async function http<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const response = await send(path, options);
  return { status: response.status, headers: response.headers, json: (await readBody(response)) as T };
}

/** JSON when the body parses as JSON, the text otherwise, null when empty. */
async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // A call aborted while its body arrives is aborted, not empty: an empty answer read as a list
    // or an object would reach the screens as null.
    if (isAbortError(error)) throw error;
    return null;
  }
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
