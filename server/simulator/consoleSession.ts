/**
 * The simulator signs in to /api as a person would (POST /api/login, the session cookie, the CSRF
 * header on every call but GET), so that enrolling a fleet goes through the same rules as the console.
 */
import { CSRF_HEADER } from '../../src/csrf';

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(`${status} ${description}`);
  }
}

async function failure(res: Response): Promise<ConsoleApiError> {
  const text = await res.text();
  let description = text;
  try {
    description = (JSON.parse(text) as { Description?: string }).Description ?? text;
  } catch {
    // Not JSON: the text says it.
  }
  return new ConsoleApiError(res.status, description);
}

export class ConsoleSession {
  private constructor(
    readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  /** A session the caller already holds (the demo server makes one for its administrator). */
  static withCookie(baseUrl: string, cookie: string): ConsoleSession {
    return new ConsoleSession(baseUrl, cookie);
  }

  static async signIn(baseUrl: string, username: string, password: string): Promise<ConsoleSession> {
    const res = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF_HEADER },
      body: JSON.stringify({ username, password }),
    });
    if (!res.ok) throw await failure(res);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pucs_session='));
    if (!cookie) throw new ConsoleApiError(res.status, 'no session cookie');
    return new ConsoleSession(baseUrl, cookie.split(';')[0]);
  }

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(method === 'GET' ? {} : { ...CSRF_HEADER }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw await failure(res);
    return res;
  }

  async json<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return (await (await this.call(method, path, body)).json()) as T;
  }

  /** A file sent as a browser's form sends it: one part named `part`. */
  async upload<T>(path: string, part: string, filename: string, bytes: Uint8Array<ArrayBuffer>): Promise<T> {
    const form = new FormData();
    form.append(part, new Blob([bytes]), filename);
    const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers: { cookie: this.cookie, ...CSRF_HEADER }, body: form });
    if (!res.ok) throw await failure(res);
    return (await res.json()) as T;
  }

  async text(path: string): Promise<string> {
    return (await this.call('GET', path)).text();
  }
}
