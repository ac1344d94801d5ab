/**
 * What a page load asks the server for before React is there (the first script, src/main.tsx,
 * runs this while the public pages' chunk downloads): the profile (spec section 2: fetched at
 * startup) and, on /qr, the QR code's public information. Neither waits for the other. Once the
 * profile says someone is signed in, the console's chunk is fetched at once.
 */
import { profileStore } from '../dataProvider/profile';
import { QR_PAGE_PATH } from '../custom/qrPaths';
import { readQrPublicInfoEarly } from '../custom/qrInfoRead';
import { prefetchConsole } from './consoleChunk';

/** As the console's router matches: case and a trailing slash do not matter. */
export const routeOf = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

export function startReads(location: Location = window.location): void {
  // Signed in: the console's chunk downloads alongside the public pages' chunk, not after it.
  void profileStore.load().then((state) => state.status === 'signedIn' && prefetchConsole());
  const url = new URL(location.href);
  const id = url.searchParams.get('id');
  if (routeOf(url.pathname) === QR_PAGE_PATH && id) readQrPublicInfoEarly(id);
}
