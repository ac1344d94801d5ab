/**
 * What a page load asks the server for before React is there (the first script, src/main.tsx,
 * runs this while the public pages' chunk downloads): the profile (spec section 2: fetched at
 * startup) and, on /qr, the QR code's public information, unless the page the server drew came
 * with it (src/entry/drawnPage.ts). Neither waits for the other. On a route whose table this browser
 * read signed in (the console remembers the read it sent last here, src/dataProvider/earlyRead.ts),
 * that read is sent and the console's chunk fetched at once, beside the profile's read rather than a
 * round trip after its answer, so that both are there when the table asks (issue 28 item 8: the
 * first row of /devices); a profile that says signed out drops that read and forgets the remembered
 * ones. Elsewhere the console's chunk is fetched once the profile says someone is signed in.
 */
import { profileStore } from '../dataProvider/profile';
import { readQrPublicInfoEarly, takeDrawnAnswers } from '../custom/qrInfoRead';
import { prefetchConsole } from './consoleChunk';
import { startupReads } from './startupReads';
import { currentRoute, forgetEarlyReads, startEarlyRead } from '../dataProvider/earlyRead';
import { sendEarlyRead } from '../dataProvider/http';

export function startReads(location: Location = window.location): void {
  const readEarly = startEarlyRead(currentRoute(location), sendEarlyRead);
  if (readEarly) prefetchConsole();
  void profileStore.load().then((state) => {
    if (state.status !== 'signedIn') return forgetEarlyReads();
    // Signed in: the console's chunk downloads alongside the public pages' chunk, not after it.
    prefetchConsole();
  });
  const { qr } = startupReads(location.pathname, location.search);
  takeDrawnAnswers();
  if (qr) readQrPublicInfoEarly(qr.id);
}
