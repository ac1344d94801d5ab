/** Locators and steps shared by the object-screen e2e specs (spec section 2 'Object screen'). */
import { expect, type Locator, type Page } from '@playwright/test';
import { messages } from '../../src/messages';
import { appTitle } from './signIn';

/**
 * An input by its exact accessible name. getByLabel would read the label's text, which ends with
 * MUI's required asterisk; the accessible name leaves it out.
 */
export const input = (scope: Page | Locator, label: string) => {
  const named = { name: label, exact: true };
  return scope
    .getByRole('textbox', named)
    .or(scope.getByRole('combobox', named))
    .or(scope.getByRole('spinbutton', named))
    .or(scope.getByRole('switch', named));
};

export const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

export const errorList = (page: Page) => page.getByTestId('object-form-errors');

/** The option shown by a native select. */
export const chosenOption = (select: Locator) => select.locator('option:checked');

export async function expectScreen(page: Page, title: string, heading: string): Promise<void> {
  await expect(appTitle(page)).toHaveText(title);
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** The error list shows exactly these messages, under its heading. */
export async function expectErrors(page: Page, items: string[]): Promise<void> {
  await expect(errorList(page).getByText(messages.fixErrorsHeading)).toBeVisible();
  await expect(errorList(page).locator('li')).toHaveText(items);
}

/** The id of the view page the browser is on. */
export function viewedId(page: Page): number {
  return Number(new URL(page.url()).searchParams.get('id'));
}

/**
 * Makes the page's window.confirm answer `answer` and record its texts in window.__confirms, for
 * a test that refuses a confirmation (the fixture accepts every dialog).
 */
export async function answerConfirms(page: Page, answer: boolean): Promise<void> {
  await page.evaluate((a) => {
    const w = window as unknown as { __confirms: string[]; confirm: (text?: string) => boolean };
    w.__confirms = [];
    w.confirm = (text?: string) => {
      w.__confirms.push(String(text));
      return a;
    };
  }, answer);
}

export const confirmsAsked = (page: Page) => page.evaluate(() => (window as unknown as { __confirms: string[] }).__confirms);
