/**
 * The public QR page's reads: the QR code's public information (spec section 7:
 * GET /api/execute_qr_code_action/{id}) and the page's contact link. The first starts at startup
 * on /qr (src/entry/startup.ts), with the profile and before React is there. The answers are kept
 * while the visitor stays on the page: the page is drawn by the light entry, then, once signed in,
 * again by the console, and neither asks again (each public read counts against the server's limit
 * per address). Signing in or out reads the information again (a member of the device's team is
 * also told the device id), and a new visit reads both again. No React here: the first script
 * imports it.
 */
import { http } from '../dataProvider/http';
import type { ProfileState } from '../dataProvider/profile';
import type { QrPublicInfo } from './qrPaths';
import { qrInfoPath } from '../entry/startupReads';

type Session = ProfileState['status'];

const readQrPublicInfo = (id: string): Promise<QrPublicInfo | null> => http<QrPublicInfo | null>(qrInfoPath(id)).then(({ json }) => json);

/** session 'loading': read with the cookies the profile's read was sent with, so good for the state it settles in. */
let kept: { id: string; session: Session; answer: Promise<QrPublicInfo | null> } | undefined;

function keep(id: string, session: Session): Promise<QrPublicInfo | null> {
  const answer = readQrPublicInfo(id);
  // Said by the page that takes it; never taken (the visitor went elsewhere), it is nobody's concern.
  answer.catch(() => undefined);
  kept = { id, session, answer };
  return answer;
}

export function readQrPublicInfoEarly(id: string): void {
  keep(id, 'loading');
}

/** The answer for this QR id and sign-in state: the kept one when it holds for them, else a new read. */
export function qrPublicInfoFor(id: string, session: Session): Promise<QrPublicInfo | null> {
  if (!kept || kept.id !== id || (kept.session !== session && kept.session !== 'loading')) return keep(id, session);
  if (session !== 'loading') kept.session = session;
  return kept.answer;
}

let contact: Promise<string | undefined> | undefined;

/** The contact link (PUCS_CONTACT_URL), undefined when none is configured. */
export function qrContact(): Promise<string | undefined> {
  contact ??= http<{ contact_url: string | null }>('/qr_contact').then(({ json }) => json.contact_url ?? undefined);
  return contact;
}

/** The visitor left the page: a later visit reads again. */
export function forgetQrPublicInfo(): void {
  kept = undefined;
  contact = undefined;
}
