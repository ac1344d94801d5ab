/**
 * The one http helper every console call goes through (spec section 7: "All calls go through one
 * shared helper"). It knows the /api base, sends the session cookie, the CSRF header and JSON, and
 * turns any non-2xx answer into an HttpError. It never shows anything: callers decide whether a
 * failure goes to the error catalogue (errors.ts) or is shown in place (the sign-in form).
 */

import { CSRF_HEADER } from '../csrf';

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

/** Sends the request and returns the raw Response when it is 2xx; throws HttpError otherwise. */
export async function send(path: string, options: RequestOptions = {}): Promise<Response> {
  setWaiting(waiting + 1);
  try {
    return await sendNow(path, options);
  } finally {
    setWaiting(waiting - 1);
  }
}

async function sendNow(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, headers, fresh } = options;
  const query = fresh ? { ...options.query, r: Math.random().toString(36).slice(2) } : options.query;
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

  const url = apiUrl(path, query);
  let response = await fetch(url, init);
  // A busy server refuses before doing any work (server/http/loadShedding.ts) and says when to come
  // back: the call is sent again then, a few times, so a moment of overload costs a user a wait,
  // not an error.
  for (let retry = 0; retry < BUSY_RETRIES && response.status === 503; retry++) {
    const seconds = Number(response.headers.get('Retry-After'));
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_RETRY_AFTER_SECONDS) break;
    await response.body?.cancel();
    await delay(seconds * 1000, signal);
    response = await fetch(url, init);
  }
  if (!response.ok) {
    const errorBody = await readBody(response);
    const description = (errorBody as { Description?: unknown } | null)?.Description;
    const message =
      typeof description === 'string' && description !== ''
        ? description
        : response.statusText || `HTTP ${response.status}`;
    throw new HttpError(message, response.status, errorBody, response.headers);
  }
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
