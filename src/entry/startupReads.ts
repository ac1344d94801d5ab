/**
 * Which API reads a page load starts with: the profile on every page (spec section 2: fetched at
 * startup) and, on the public QR page, the QR code's public information (spec section 3). Shared by
 * the first script, which sends them (startup.ts), and the server, which names the profile's in the
 * page it serves as a preload (server/routes/console.ts), so that a phone's browser sends it as soon
 * as the page arrives rather than a round trip later, once the scripts are there (the script's own
 * request then takes the preloaded answer), and which puts the QR page's answer in the page it draws
 * (server/routes/drawnPages.tsx). Nothing here touches the browser.
 */
import { QR_PAGE_PATH } from '../custom/qrPaths';

/** As the console's router matches: case and a trailing slash do not matter. */
export const routeOf = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** API paths (under /api), as the console's http() takes them. */
export const PROFILE_PATH = '/current_user';
export const qrInfoPath = (id: string) => `/execute_qr_code_action/${encodeURIComponent(id)}`;

export interface StartupReads {
  profile: string;
  /** On /qr?id=...: the id of the QR code whose public information is read. */
  qr?: { id: string };
}

export function startupReads(pathname: string, search: string): StartupReads {
  const id = new URLSearchParams(search).get('id');
  return { profile: PROFILE_PATH, ...(routeOf(pathname) === QR_PAGE_PATH && id ? { qr: { id } } : {}) };
}
