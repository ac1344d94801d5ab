/**
 * The search box of a list page, used the way a test can rely on: after typing, the list applies
 * the search after a pause; the address carrying it is what says the list has settled, so that
 * what follows (a count, a click) acts on the searched list and not on the one before.
 */
import { expect, type Page } from '@playwright/test';

/** The search the list applied, as the address holds it (react-admin's `filter` parameter). */
export const searchInAddress = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}').q as string | undefined;

/** Types `text` in the search box named `label` and waits until the list has applied it. */
export async function search(page: Page, text: string, label = 'Name'): Promise<void> {
  await page.getByRole('searchbox', { name: label }).fill(text);
  await expect.poll(() => searchInAddress(page)).toBe(text);
}
