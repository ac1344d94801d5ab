import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx', 'src/**/*.test.tsx'],
          setupFiles: ['tests/unit/setup.ts'],
          // The default leaves one of the two cores idle; jsdom and the imports dominate each file.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Logic without screens: no DOM to set up for each file (about 1.4 s each); a file that
          // needs the browser's document says so in its first line (@vitest-environment jsdom).
          name: 'unit-logic',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          maxWorkers: 2,
          // Its files share a worker's imported modules, as the API suite's do (none replaces a module;
          // shuffled file orders passed). The screen tests stay isolated: some of them replace modules.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded wasm; two workers match the two cores (one when run beside the
          // browser tests: scripts/testBeside.mjs).
          maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
          // Every test opens its own app on a fresh database, and nothing mocks modules: the files of a
          // worker share the server's imported modules (about 1.5 s a file when each imports them anew).
          isolate: false,
        },
      },
    ],
  },
});
