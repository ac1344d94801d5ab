import { expect, test } from './fixtures';
import { messages } from '../../src/messages';
import { appTitle, signInByApi } from './signIn';
import { adminTeam, createObject, uniqueName } from './objectApi';
import { expectScreen, input } from './objectScreen';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('while the object is read the title says so; then the screen shows its name', async ({ page }) => {
  const team = await adminTeam(page.request);
  const type = await createObject(page.request, 'type', { name: uniqueName('Slow type'), team_id: team.id });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/api/full/type/${type.id}$`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/type_view?id=${type.id}`);
  await expect(appTitle(page)).toHaveText(`Type | View${messages.waitingSuffix}`);
  release();
  await expect(appTitle(page)).toHaveText('Type | View');
  await expect(page.getByTestId('object-name')).toHaveText(type.name);
});

test('the document routes keep a working generic form', async ({ page }) => {
  const team = await adminTeam(page.request);
  const doc = await createObject(page.request, 'basic_document', { name: uniqueName('Manual'), team_id: team.id, content: 'Read me' });
  await page.goto(`/basic_document_view?id=${doc.id}`);
  await expectScreen(page, 'Document | View', 'View document');
  await expect(page.getByTestId('object-name')).toHaveText(doc.name);
  await expect(input(page, 'Content')).toHaveValue('Read me');
  await page.goto('/document_new');
  await expectScreen(page, 'Document | Add', 'Add a new document');
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  await expect(input(page, 'Name')).toBeVisible();
});
