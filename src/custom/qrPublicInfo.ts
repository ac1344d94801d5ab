/**
 * What the public QR page reads without sign-in (server/qr/routes.ts): the QR code's public
 * information (spec section 3) and the contact link, both kept while the visitor stays on the
 * page (qrInfoRead.ts).
 */
import { useEffect, useState } from 'react';
import { HttpError } from '../dataProvider/http';
import { errorMessage } from '../dataProvider/errors';
import { messages } from '../messages';
import type { ProfileState } from '../dataProvider/profile';
import { routeOf } from '../entry/startupReads';
import { QR_PAGE_PATH, type QrPublicInfo } from './qrPaths';
import { forgetQrPublicInfo, qrContact, qrPublicInfoFor } from './qrInfoRead';

/** failed: what the visitor is told (the invalid-address message for an unknown id, else the server's Description). */
export type QrLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; info: QrPublicInfo };

const INVALID: QrLoad = { state: 'failed', message: messages.qrInvalid };

/** An unknown id (404) is the spec's invalid address; anything else (too many requests, a server failure) says what it is. */
const failure = (error: unknown): QrLoad =>
  error instanceof HttpError && error.status !== 404 ? { state: 'failed', message: errorMessage(error) ?? messages.qrInvalid } : INVALID;

/** Still on this QR page (the console taking it over from the light entry), or gone elsewhere. */
const onPageOf = (id: string) => routeOf(window.location.pathname) === QR_PAGE_PATH && new URLSearchParams(window.location.search).get('id') === id;

export function useQrPublicInfo(id: string | undefined, session: ProfileState['status']): QrLoad {
  // Keyed by id and sign-in so that a change shows 'loading' at once, without a state reset in the effect.
  const key = `${session === 'signedIn'}:${id}`;
  const [result, setResult] = useState<{ key: string; load: QrLoad }>();
  useEffect(() => {
    if (!id) return;
    let live = true;
    const done = (load: QrLoad) => {
      if (live) setResult({ key, load });
    };
    qrPublicInfoFor(id, session).then(
      (json) => done(json ? { state: 'loaded', info: json } : INVALID),
      (error: unknown) => done(failure(error)),
    );
    return () => {
      live = false;
      if (!onPageOf(id)) forgetQrPublicInfo();
    };
    // A profile settling (session) takes the same answer; signing in or out (key) reads again.
  }, [id, key, session]);
  if (!id) return INVALID;
  return result?.key === key ? result.load : { state: 'loading' };
}

/** The contact link of the page (PUCS_CONTACT_URL); undefined until read, when none is configured or when the call fails. */
export function useQrContact(): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let live = true;
    qrContact().then(
      (read) => live && setUrl(read),
      (error: unknown) => console.warn(error),
    );
    return () => {
      live = false;
    };
  }, []);
  return url;
}
