/**
 * Where the sign-in page may send the user afterwards (?next=). Only a path of this console is
 * accepted: an absolute or protocol-relative address would make the page an open redirect.
 */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';

export function safeNextPath(next: string | null | undefined, origin: string = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME_PATH;
  // Control characters (tab, newline) are dropped by URL parsing and can turn '/\t/evil' into '//evil'.
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== new URL(origin).origin) return HOME_PATH;
  // Returning to the sign-in page itself would only loop.
  if (url.pathname === LOGIN_PATH) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** '/login?next=%2Fdevices' */
export const loginHref = (next: string) => `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
