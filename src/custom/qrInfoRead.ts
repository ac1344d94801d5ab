/**
 * The public QR page's read of the QR code's public information (spec section 7:
 * GET /api/execute_qr_code_action/{id}). On /qr it starts at startup (src/entry/startup.ts), with
 * the profile and before React is there; the page's first read of the same id takes that answer
 * instead of asking again. No React here: the first script imports it.
 */
import { http } from '../dataProvider/http';
import type { QrPublicInfo } from './qrPaths';
import { qrInfoPath } from '../entry/startupReads';

export const readQrPublicInfo = (id: string, signal?: AbortSignal): Promise<QrPublicInfo | null> =>
  http<QrPublicInfo | null>(qrInfoPath(id), { signal }).then(({ json }) => json);

let early: { id: string; answer: Promise<QrPublicInfo | null> } | undefined;

export function readQrPublicInfoEarly(id: string): void {
  const answer = readQrPublicInfo(id);
  // Said by the page that takes it; never taken (the visitor went elsewhere), it is nobody's concern.
  answer.catch(() => undefined);
  early = { id, answer };
}

/** The early read of this id, once; a later read asks the server. */
export function takeEarlyQrPublicInfo(id: string): Promise<QrPublicInfo | null> | undefined {
  const answer = early?.id === id ? early.answer : undefined;
  early = undefined;
  return answer;
}
