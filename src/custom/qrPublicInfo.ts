/**
 * What the public QR page reads without sign-in (server/qr/routes.ts): the QR code's public
 * information (spec section 3) and the contact link. Signing in or out reads the information
 * again, since a member of the device's team is also told the device id.
 */
import { useEffect, useState } from 'react';
import { http, HttpError, isAbortError } from '../dataProvider/http';
import { errorMessage } from '../dataProvider/errors';
import { messages } from '../messages';
import type { QrPublicInfo } from './qrPaths';
import { readQrPublicInfo, takeEarlyQrPublicInfo } from './qrInfoRead';

/** failed: what the visitor is told (the invalid-address message for an unknown id, else the server's Description). */
export type QrLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; info: QrPublicInfo };

const INVALID: QrLoad = { state: 'failed', message: messages.qrInvalid };

/** An unknown id (404) is the spec's invalid address; anything else (too many requests, a server failure) says what it is. */
const failure = (error: unknown): QrLoad =>
  error instanceof HttpError && error.status !== 404 ? { state: 'failed', message: errorMessage(error) ?? messages.qrInvalid } : INVALID;

export function useQrPublicInfo(id: string | undefined, signedIn: boolean): QrLoad {
  // Keyed by id and sign-in so that a change shows 'loading' at once, without a state reset in the effect.
  const key = `${signedIn}:${id}`;
  const [result, setResult] = useState<{ key: string; load: QrLoad }>();
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    const done = (load: QrLoad) => {
      if (!controller.signal.aborted) setResult({ key, load });
    };
    (takeEarlyQrPublicInfo(id) ?? readQrPublicInfo(id, controller.signal))
      .then((json) => done(json ? { state: 'loaded', info: json } : INVALID))
      .catch((error: unknown) => {
        if (!isAbortError(error)) done(failure(error));
      });
    return () => controller.abort();
  }, [id, key]);
  if (!id) return INVALID;
  return result?.key === key ? result.load : { state: 'loading' };
}

/** The contact link of the page (PUCS_CONTACT_URL); undefined until read, when none is configured or when the call fails. */
export function useQrContact(): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const controller = new AbortController();
    http<{ contact_url: string | null }>('/qr_contact', { signal: controller.signal })
      .then(({ json }) => setUrl(json.contact_url ?? undefined))
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.warn(error);
      });
    return () => controller.abort();
  }, []);
  return url;
}
