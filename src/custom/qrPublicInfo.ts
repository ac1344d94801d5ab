/**
 * What the public QR page reads without sign-in (server/qr/routes.ts): the QR code's public
 * information (spec section 3) and the contact link, both kept while the visitor stays on the
 * page (qrInfoRead.ts).
 */
import { useEffect, useState } from 'react';
import type { ProfileState } from '../dataProvider/profile';
import { routeOf } from '../entry/startupReads';
import { QR_PAGE_PATH } from './qrPaths';
import { INVALID, qrLoadOf, type QrLoad } from './qrLoad';
import { forgetQrPublicInfo, qrContact, qrPublicInfoFor, settledQrContact, settledQrPublicInfo } from './qrInfoRead';

/** Still on this QR page (the console taking it over from the light entry), or gone elsewhere. */
const onPageOf = (id: string) => routeOf(window.location.pathname) === QR_PAGE_PATH && new URLSearchParams(window.location.search).get('id') === id;

export function useQrPublicInfo(id: string | undefined, session: ProfileState['status']): QrLoad {
  // Keyed by id and sign-in so that a change shows 'loading' at once, without a state reset in the effect.
  const key = `${session === 'signedIn'}:${id}`;
  // An answer at hand (the one the page came with) is drawn at once: the page the server drew stays as it is.
  const [result, setResult] = useState<{ key: string; load: QrLoad } | undefined>(() => {
    const outcome = id ? settledQrPublicInfo(id, session) : undefined;
    return outcome && { key, load: qrLoadOf(outcome) };
  });
  useEffect(() => {
    if (!id) return;
    let live = true;
    const done = (load: QrLoad) => {
      if (live) setResult({ key, load });
    };
    qrPublicInfoFor(id, session).then(
      (info) => done(qrLoadOf({ info })),
      (error: unknown) => done(qrLoadOf({ error })),
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
  const [url, setUrl] = useState(() => settledQrContact() ?? undefined);
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
