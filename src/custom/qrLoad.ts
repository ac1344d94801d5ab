/**
 * What the public QR page shows for the answer of its public information call (spec sections 3
 * and 8): the device, or what the visitor is told. One rule for the browser's read and for the page
 * the server draws (server/routes/drawnPages.tsx), so that both show the same.
 */
import { HttpError } from '../dataProvider/http';
import { errorMessage } from '../dataProvider/errors';
import { messages } from '../messages';
import type { QrPublicInfo } from './qrPaths';

/** failed: what the visitor is told (the invalid-address message for an unknown id, else the server's Description). */
export type QrLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; info: QrPublicInfo };

export const INVALID: QrLoad = { state: 'failed', message: messages.qrInvalid };

/** The call's outcome: its answer (null: none), or why it failed. */
export type QrOutcome = { info: QrPublicInfo | null } | { error: unknown };

/** An unknown id (404) is the spec's invalid address; anything else (too many requests, a server failure) says what it is. */
const failure = (error: unknown): QrLoad =>
  error instanceof HttpError && error.status !== 404 ? { state: 'failed', message: errorMessage(error) ?? messages.qrInvalid } : INVALID;

export const qrLoadOf = (outcome: QrOutcome): QrLoad => {
  if ('error' in outcome) return failure(outcome.error);
  return outcome.info ? { state: 'loaded', info: outcome.info } : INVALID;
};

/** An answer of the call as status and body (the one the server put in the page it drew) as the browser's read would take it. */
export function qrOutcomeOf(status: number, body: unknown): QrOutcome {
  if (status >= 200 && status < 300) return { info: (body as QrPublicInfo | null) ?? null };
  const description = (body as { Description?: unknown } | null)?.Description;
  return { error: new HttpError(typeof description === 'string' && description !== '' ? description : `HTTP ${status}`, status, body) };
}
