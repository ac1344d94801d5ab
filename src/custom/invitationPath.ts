/**
 * What the server (server/auth/invitations.ts) and the console's invitation page share: its
 * address, and where the link carries its token (after '#': a browser never sends it to a server
 * or a proxy with the page's address, so no access log holds it).
 */
export const INVITATION_PATH = '/invitation';

/** The token of the page's address: its fragment without '#', '' when none. */
export const invitationToken = (hash: string) => (hash.startsWith('#') ? hash.slice(1) : hash);

/** The API call that uses a link (POST, public). */
export const invitationApiPath = (token: string) => `/invitation/${encodeURIComponent(token)}`;
