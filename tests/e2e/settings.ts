/** Shared by playwright.config.ts (which starts the server) and the tests (which sign in). */
// E2E_PORT lets several suites run side by side (each with its own PUCS_DIST_DIR build).
export const E2E_PORT = Number(process.env.E2E_PORT || 8181);

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
