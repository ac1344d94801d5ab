/**
 * The e2e `test`: Playwright's, plus a check that the page threw nothing, logged no error and
 * raised no alert. Failed HTTP answers a test provokes on purpose (a wrong password, an unknown QR
 * code) are logged by Chromium as "Failed to load resource"; those are the server's answers, not
 * bugs. A test that expects alerts (the error catalogue) sets `allowDialogs` and reads `dialogs`.
 */
import { test as base, expect } from '@playwright/test';

interface Fixtures {
  /** Texts of the alerts the page raised, in order (each is accepted). */
  dialogs: string[];
  failOnBrowserErrors: void;
}

export const test = base.extend<Fixtures & { allowDialogs: boolean }>({
  allowDialogs: [false, { option: true }],

  dialogs: async ({ page }, use) => {
    const texts: string[] = [];
    page.on('dialog', async (dialog) => {
      // Leaving a form with unsaved changes by a full load (page.goto, reload) meets the browser's own
      // 'Leave site?' box, the one box a page may not replace: the test leaves, as a user would.
      if (dialog.type() !== 'beforeunload') texts.push(dialog.message());
      await dialog.accept();
    });
    await use(texts);
  },

  failOnBrowserErrors: [
    async ({ page, dialogs, allowDialogs }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          problems.push(`console error: ${message.text()}`);
        }
      });
      await use();
      if (!allowDialogs) problems.push(...dialogs.map((d) => `alert: ${d}`));
      expect(problems, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
