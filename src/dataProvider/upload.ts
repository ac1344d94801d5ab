/**
 * File uploads (spec section 7: POST /api/upload/{cat}/{id}, a multipart form whose part is named
 * by the category's file, 'firmware' or 'document'). XMLHttpRequest rather than fetch: only its
 * upload.onprogress reports how much of a large file has been sent. It follows the shared helper's
 * rules (http.ts): same /api base, session cookie, CSRF header, an HttpError carrying the
 * Description for any non-2xx answer but a proxy's 502/503/504 (a ServerUnreachableError), an
 * AbortError when the signal aborts, and the server's reachability learns whether it answered.
 */
import { ownMessages } from '../messages';
import { apiUrl, CSRF_HEADER, HttpError, reachability, unreachableAnswer } from './http';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends `file` as the multipart part `part`; resolves with the server's answer (the object). */
export function uploadFile(path: string, part: string, file: Blob, options: UploadOptions = {}): Promise<unknown> {
  const { onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(CSRF_HEADER)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      done();
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        reachability.answered();
        resolve(body);
        return;
      }
      const description = (body as { Description?: unknown } | null)?.Description;
      const described = typeof description === 'string' && description !== '' ? description : undefined;
      // A proxy's 502/503/504 is no answer of the server: the same error as any other call's.
      const unreachable = unreachableAnswer('POST', xhr.status, described);
      reject(unreachable ?? new HttpError(described ?? (xhr.statusText || `HTTP ${xhr.status}`), xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reachability.lost();
      reject(new TypeError(ownMessages.uploadUnreachable));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    const form = new FormData();
    form.append(part, file, file instanceof File ? file.name : undefined);
    xhr.send(form);
  });
}
