import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'data', 'test-results', 'playwright-report', 'server/.start.bundle.mjs*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The tests of a worker share one browser context, which Playwright resets between them but for what
    // was granted or set on it (playwright.config.ts, reuseContext): a test asks for those with test.use.
    files: ['tests/e2e/**/*.ts', 'tests/guideWalk/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['grantPermissions', 'setGeolocation', 'setOffline', 'setExtraHTTPHeaders'].map((property) => ({
          object: 'context',
          property,
          message: 'The browser context is reused by the next tests: ask for it with test.use({ ... }) instead.',
        })),
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
