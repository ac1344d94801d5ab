/**
 * Field kinds and list kinds in the browser against the real server: a basic document's enum
 * pickers and its default name following the chosen type (spec sections 2, 3 and 9), and /types
 * and /groups shown as the lists spec section 2 asks for, each name linking to its view page.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { adminTeamId, create, createType, uniqueName } from './typeGroupApi';
import { input } from './objectScreen';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

/** The texts a MUI select offers, read from its open menu, then the menu closed. */
async function offered(page: Page, label: string): Promise<string[]> {
  await page.getByRole('combobox', { name: label }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  const texts = (await options.allTextContents()).map((t) => t.trim()).filter((t) => t !== '');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return texts;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toHaveText(option);
}

test("a new document's type and target class are pickers, and its name follows the type until edited", async ({ page }) => {
  await page.goto('/document_new');
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  const name = input(page, 'Name');
  await expect(name).toHaveValue(messages.newDocumentName('Text'));
  expect(await offered(page, 'Document type')).toEqual(['Text', 'Link', 'File', 'Image']);
  expect(await offered(page, 'Target class')).toEqual(['other', 'device', 'type', 'firmware', 'group']);

  await choose(page, 'Document type', 'Link');
  await expect(name).toHaveValue(messages.newDocumentName('Link'));
  await name.fill('Installation guide');
  await choose(page, 'Document type', 'File');
  await expect(name).toHaveValue('Installation guide');
});

test('a stored document type the picker does not offer is still shown', async ({ page }) => {
  const team = await adminTeamId(page.request);
  const doc = await create(page.request, 'basic_document', { name: uniqueName('e2e other doc'), team_id: team, doc_type: 'other' });
  await page.goto(`/basic_document_edit?id=${doc.id}`);
  await expect(page.getByRole('combobox', { name: 'Document type' })).toHaveText('Other');
  expect(await offered(page, 'Document type')).toEqual(['Text', 'Link', 'File', 'Image', 'Other']);
});

test('/types and /groups are lists: each name links to its view page, over its facts; the search narrows them', async ({ page }) => {
  const team = await adminTeamId(page.request);
  const type = await createType(page.request, team, { name_of_uid: 'Serial number' });
  const group = await create(page.request, 'devices_group', { name: uniqueName('e2e list group'), team_id: team, type_id: type.id });

  await page.goto('/types');
  await expect(appTitle(page)).toHaveText('Types');
  await expect(page.locator('#main-content table')).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Name' }).fill(String(type.name));
  const types = page.getByRole('list', { name: 'Types' }).getByRole('listitem');
  await expect(types).toHaveCount(1);
  await expect(types.first()).toContainText(`${messages.nameOfUidLabel}: Serial number`);
  await types.first().getByRole('link', { name: String(type.name), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));

  await page.goto('/groups');
  await expect(appTitle(page)).toHaveText('Groups');
  await page.getByRole('searchbox', { name: 'Name' }).fill(String(group.name));
  const groups = page.getByRole('list', { name: 'Groups' }).getByRole('listitem');
  await expect(groups).toHaveCount(1);
  await expect(groups.first().getByRole('link', { name: String(type.name), exact: true })).toHaveAttribute('href', `/type_view?id=${type.id}`);
  await groups.first().getByRole('link', { name: String(group.name), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/group_view\\?id=${group.id}$`));
});
