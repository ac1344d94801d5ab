/**
 * The public QR page's reads: the QR code's public information (spec section 7:
 * GET /api/execute_qr_code_action/{id}) and the page's contact link. A page the server drew comes
 * with both answers (src/entry/drawnPage.ts), taken instead of reading; otherwise the first starts
 * at startup on /qr (src/entry/startup.ts), with the profile and before React is there. Once
 * settled, an answer is at hand at once (a page drawn from it shows no spinner). The answers are kept
 * while the visitor stays on the page: the page is drawn by the light entry, then, once signed in,
 * again by the console, and neither asks again (each public read counts against the server's limit
 * per address). Signing in or out reads the information again (a member of the device's team is
 * also told the device id), and a new visit reads both again. No React here: the first script
 * imports it.
 */
import { http } from '../dataProvider/http';
import type { ProfileState } from '../dataProvider/profile';
import type { QrPublicInfo } from './qrPaths';
import { qrOutcomeOf, type QrOutcome } from './qrLoad';
import { qrInfoPath } from '../entry/startupReads';
import { drawnPageData, type DrawnPageData } from '../entry/drawnPage';

type Session = ProfileState['status'];

const readQrPublicInfo = (id: string): Promise<QrPublicInfo | null> => http<QrPublicInfo | null>(qrInfoPath(id)).then(({ json }) => json);

/**
 * session 'loading': read with the cookies the profile's read was sent with (or by the server for
 * the same request), so good for the state it settles in. outcome: the answer once settled.
 */
let kept: { id: string; session: Session; answer: Promise<QrPublicInfo | null>; outcome?: QrOutcome } | undefined;

function keepAnswer(id: string, session: Session, answer: Promise<QrPublicInfo | null>): Promise<QrPublicInfo | null> {
  const entry: NonNullable<typeof kept> = { id, session, answer };
  // Said by the page that takes it; never taken (the visitor went elsewhere), it is nobody's concern.
  answer.then(
    (info) => (entry.outcome = { info }),
    (error: unknown) => (entry.outcome = { error }),
  );
  kept = entry;
  return answer;
}

const keep = (id: string, session: Session) => keepAnswer(id, session, readQrPublicInfo(id));

let contact: { read: Promise<string | undefined>; url?: string | null } | undefined;

function keepContact(read: Promise<string | undefined>): Promise<string | undefined> {
  const entry: NonNullable<typeof contact> = { read };
  read.then(
    (url) => (entry.url = url ?? null),
    () => undefined,
  );
  contact = entry;
  return read;
}

/** The answers a page the server drew came with (none for another page), kept as if read, and at hand at once. */
export function takeDrawnAnswers({ qr, contact_url }: DrawnPageData = drawnPageData()): void {
  if (qr) {
    const outcome = qrOutcomeOf(qr.status, qr.body);
    keepAnswer(qr.id, 'loading', 'error' in outcome ? Promise.reject(outcome.error) : Promise.resolve(outcome.info));
    kept!.outcome = outcome;
  }
  if (contact_url !== undefined) {
    keepContact(Promise.resolve(contact_url ?? undefined));
    contact!.url = contact_url;
  }
}

/** On /qr?id=...: the read sent now, unless the page came with its answer. */
export function readQrPublicInfoEarly(id: string): void {
  if (kept?.id !== id) keep(id, 'loading');
}

const holds = (id: string, session: Session) => kept?.id === id && (kept.session === session || kept.session === 'loading');

/** The answer for this QR id and sign-in state: the kept one when it holds for them, else a new read. */
export function qrPublicInfoFor(id: string, session: Session): Promise<QrPublicInfo | null> {
  if (!kept || !holds(id, session)) return keep(id, session);
  if (session !== 'loading') kept.session = session;
  return kept.answer;
}

/** The kept answer for this QR id and sign-in state, when it holds for them and has arrived. */
export const settledQrPublicInfo = (id: string, session: Session): QrOutcome | undefined => (holds(id, session) ? kept?.outcome : undefined);

/** The contact link (PUCS_CONTACT_URL), undefined when none is configured. */
export function qrContact(): Promise<string | undefined> {
  return contact?.read ?? keepContact(http<{ contact_url: string | null }>('/qr_contact').then(({ json }) => json.contact_url ?? undefined));
}

/** The contact link once read: a link or null (none configured); undefined while unknown. */
export const settledQrContact = (): string | null | undefined => contact?.url;

/** The visitor left the page: a later visit reads again. */
export function forgetQrPublicInfo(): void {
  kept = undefined;
  contact = undefined;
}
