/** Locators and steps shared by the object-screen e2e specs (spec section 2 'Object screen'). */
import { expect, type Locator, type Page } from '@playwright/test';
import { messages, ownMessages } from '../../src/messages';
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

/** The in-page confirmation or notice dialog (src/custom/confirm/): never the browser's box. */
export const inPageDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('#pucs-confirm-text') });

/**
 * Waits for the in-page dialog saying `text` (all of it), answers it with the button named
 * `answer` (OK by default; Cancel refuses) and waits until it no longer says it (it closed, or
 * the next question replaced it).
 */
export async function answerInPage(page: Page, text: string, answer: string = ownMessages.ok): Promise<void> {
  const said = inPageDialog(page).locator('#pucs-confirm-text');
  await expect(said).toHaveText(text);
  await button(inPageDialog(page), answer).click();
  await expect.poll(() => said.allTextContents()).not.toEqual([text]);
}

/** The error snackbar of the error catalogue (a failure shown in the page). */
export const errorSnackbar = (page: Page) => page.getByTestId('page-error');
