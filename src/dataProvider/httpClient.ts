/**
 * The http client of the data provider (dataProvider.ts hands it to ra-data-simple-rest): a call
 * in fetchUtils.fetchJson's shape, sent by the one shared helper (http.ts: the /api base, session
 * cookie, CSRF header, busy retries, HttpError). It adds what the spec's calls carry and the
 * simple-rest provider does not know: the ?fields= projection a call asks for, and the error
 * catalogue (errors.ts), unless the call shows its failure itself (report: false).
 * It lives beside http.ts rather than in it: the catalogue reads http.ts's HttpError.
 */
import { http, type RequestOptions } from './http';
import { reportError } from './errors';

export interface ClientOptions {
  method?: string;
  /** The JSON body, an object (the provider's own writes build it; simple-rest's are not used). */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal | null;
  /** The ?fields= projection. */
  fields?: readonly string[];
  /** false: only re-throw (spec: "Object update failure ... only logged"); the caller shows it. */
  report?: boolean;
  /** Appended to the catalogue's alert on a new line. */
  errorExtra?: string;
  /** The route whose table this read is (http.ts RequestOptions.tableRoute). */
  tableRoute?: string;
}

export interface ClientResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export async function httpClient(url: string, options: ClientOptions = {}): Promise<ClientResponse> {
  const { method, body, headers, signal, fields, report, errorExtra, tableRoute } = options;
  try {
    const answer = await http(url, {
      method: (method ?? 'GET') as RequestOptions['method'],
      body,
      signal: signal ?? undefined,
      headers: headers ? Object.fromEntries(new Headers(headers).entries()) : undefined,
      query: fields ? { fields: fields.join(',') } : undefined,
      tableRoute,
    });
    return { status: answer.status, headers: answer.headers, body: answer.json === null ? '' : JSON.stringify(answer.json), json: answer.json };
  } catch (error) {
    if (report !== false) reportError(error, { extra: errorExtra });
    throw error;
  }
}
