import { expect, type Page } from '@playwright/test';
import { ADMIN } from './settings';
import { CSRF_HEADER } from '../../src/csrf';

/**
 * Signs the page's browser context in through the API (the cookie is shared with the page), for
 * tests about what comes after sign-in. The sign-in form itself has its own tests.
 */
export async function signInByApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/login', {
    headers: CSRF_HEADER,
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status()).toBe(204);
}

/** The react-admin app bar title of the current page. */
export const appTitle = (page: Page) => page.locator('#react-admin-title');
