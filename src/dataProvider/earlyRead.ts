/**
 * A table's read sent before the console is there (issue 28 item 8: the first row of /devices on a
 * big fleet). The console remembers, in this browser, the address of the last page each list route's
 * table read; the next time that route is loaded signed in, the first script (src/entry/startup.ts)
 * sends that read at once, while the console's scripts load and run, and the table's own read takes
 * its answer when it asks for the very same address. Any other address (another sort chosen
 * meanwhile, a page size from another browser) goes to the server as usual, and the early answer is
 * dropped: only the first read of the table can take it, so a later read never gets an old answer.
 * No React here: the first script imports it. Addresses only, never answers, are kept.
 */

const STORE_KEY = 'pucs.earlyReads';
/** The routes remembered: the list routes a user visits (a few), with room to spare. */
const MAX_ROUTES = 20;

type Remembered = Record<string, string>;

function remembered(): Remembered {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Remembered) : {};
  } catch {
    return {};
  }
}

/** The route of the page shown: its path and query, as the table's read depends on both. */
export const currentRoute = (location: Location = window.location) => `${location.pathname}${location.search}`;

/** Remembers `url` as the read the table of `route` sends first, the latest route last (the oldest forgotten beyond MAX_ROUTES). */
export function rememberRead(route: string, url: string): void {
  const all = remembered();
  if (all[route] === url) return;
  delete all[route];
  all[route] = url;
  const kept = Object.entries(all).slice(-MAX_ROUTES);
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // A full or refused storage only costs the next load its early read.
  }
}

let early: { route: string; url: string; answer: Promise<Response> } | undefined;

/** Sends the read remembered for `route` now, if there is one, for the table's read to take. */
export function startEarlyRead(route: string, send: (url: string) => Promise<Response>): void {
  const url = remembered()[route];
  if (url === undefined) return;
  const answer = send(url);
  // Taken, its failure is the table's read's concern (it is sent again); never taken, nobody's.
  answer.catch(() => undefined);
  early = { route, url, answer };
}

/**
 * The early answer for the table read of `route` at `url`, or undefined (none was sent, or it was
 * sent for another address). Asked once: the early read is dropped either way.
 */
export function takeEarlyRead(route: string, url: string): Promise<Response> | undefined {
  const sent = early;
  if (!sent || sent.route !== route) return undefined;
  early = undefined;
  return sent.url === url ? sent.answer : undefined;
}
