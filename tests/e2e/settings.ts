/** Shared by playwright.config.ts (which starts the server) and the tests (which sign in). */
export const E2E_PORT = 8181;

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
