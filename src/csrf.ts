/**
 * The CSRF rule's header, shared by the server that asks for it (server/auth/plugin.ts), the
 * console that sends it (src/dataProvider/http.ts), the API document and the tests: written once.
 */
export const CSRF_HEADER_NAME = 'X-Requested-With' as const;
export const CSRF_VALUE = 'pucs' as const;
/** The header as a client sends it on every call but GET. */
export const CSRF_HEADER = { [CSRF_HEADER_NAME]: CSRF_VALUE } as const;
