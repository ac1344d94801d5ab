/**
 * What a page load asks the server for before React is there (the first script, src/main.tsx,
 * runs this while the public pages' chunk downloads): the profile (spec section 2: fetched at
 * startup) and, on /qr, the QR code's public information, unless the page the server drew came
 * with it (src/entry/drawnPage.ts). Neither waits for the other. Once the
 * profile says someone is signed in, the console's chunk is fetched at once, and the read of the
 * route's table sent (the one the console remembers it sent last here, src/dataProvider/earlyRead.ts),
 * so that its answer is there when the table asks for it.
 */
import { profileStore } from '../dataProvider/profile';
import { readQrPublicInfoEarly, takeDrawnAnswers } from '../custom/qrInfoRead';
import { prefetchConsole } from './consoleChunk';
import { startupReads } from './startupReads';
import { currentRoute, startEarlyRead } from '../dataProvider/earlyRead';
import { sendEarlyRead } from '../dataProvider/http';

export function startReads(location: Location = window.location): void {
  // Signed in: the console's chunk downloads alongside the public pages' chunk, not after it.
  void profileStore.load().then((state) => {
    if (state.status !== 'signedIn') return;
    prefetchConsole();
    startEarlyRead(currentRoute(location), sendEarlyRead);
  });
  const { qr } = startupReads(location.pathname, location.search);
  takeDrawnAnswers();
  if (qr) readQrPublicInfoEarly(qr.id);
}
