/**
 * File downloads (spec section 7: "GET downloads with a random cache-busting parameter r; file
 * name from the content-disposition header, default firmware.bin"). Goes through the shared helper.
 */
import type { Category } from '../schemas';
import { apiUrl, HttpError, send, type QueryValue } from './http';

export const DEFAULT_DOWNLOAD_NAME = 'firmware.bin';

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  /** JSON body (the custom label download posts template_str). */
  body?: unknown;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a content-disposition header (RFC 6266: filename* wins over filename). */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed percent-encoding: fall back to the plain filename parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain ? plain[1] : undefined;
}

/**
 * The address of an object's file, without the /api prefix: '/download/firmware/3', or
 * '/upload/document/7' where the FileSpec names its own path segment (spec section 7).
 */
export const objectFilePath = (action: 'upload' | 'download', category: Category, id: string | number) =>
  `/${action}/${category.file?.route ?? category.key}/${encodeURIComponent(String(id))}`;

/** A random value so that no cache (browser or proxy) answers a download with a stale file. */
export const cacheBuster = () => Math.random().toString(36).slice(2);

/** Fetches a file; the caller saves or displays it. */
export async function fetchFile(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, {
    method: options.method ?? 'GET',
    query: { ...options.query, r: cacheBuster() },
    body: options.body,
    signal: options.signal,
  });
  const blob = await response.blob();
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition')) || DEFAULT_DOWNLOAD_NAME;
  return { blob, filename };
}

/** Fetches a file and hands it to the browser's save dialog. */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const file = await fetchFile(path, options);
  saveFile(file);
  return file;
}

/** Hands a file the page holds to the browser's save dialog. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download asynchronously after click().
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** A file of no byte has no first byte to read: 416 to a one-byte range means the file is there. */
const isEmptyFile = (failure: unknown) => failure instanceof HttpError && failure.status === 416;

/**
 * Saves a file that may be gigabytes (a firmware) without holding it in the page: its first byte is
 * read through the shared helper (a refusal goes to the error catalogue with the server's
 * Description), then the browser fetches the same address itself and streams it to disk, naming it
 * from the content-disposition header.
 */
export async function downloadLargeFile(path: string, options: Pick<DownloadOptions, 'query' | 'signal'> = {}): Promise<void> {
  const query = { ...options.query, r: cacheBuster() };
  try {
    await send(path, { query, headers: { Range: 'bytes=0-0' }, signal: options.signal });
  } catch (failure) {
    if (!isEmptyFile(failure)) throw failure;
  }
  const link = document.createElement('a');
  link.href = apiUrl(path, query);
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
