/**
 * Documentation in Chromium against the real server (issue 9): a collection of two documents made
 * and reordered through its form; a document assigned to two devices with the assign dialog, then
 * seen in both devices' documentation panels and in the document's 'Used in'; its delete refused at
 * once, naming the devices, without asking first.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { adminTeam } from './objectApi';
import { errorSnackbar, inPageDialog } from './objectScreen';
import { signInByApi } from './signIn';
import { create, createDevice, createType, read, uniqueName } from './typeGroupApi';

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

const textDocument = (teamId: number, prefix: string, extra: Record<string, unknown> = {}) =>
  ({ name: uniqueName(prefix), team_id: teamId, doc_type: 'text', content: `${prefix} content`, ...extra });

test('a collection of two documents is created and reordered through its form', async ({ page }) => {
  const team = await adminTeam(page.request);
  const first = await create(page.request, 'basic_document', textDocument(team.id, 'e2e first'));
  const second = await create(page.request, 'basic_document', textDocument(team.id, 'e2e second'));
  const [firstLabel, secondLabel] = [first, second].map((d) => messages.documentOption(d.name, 'text'));

  await page.goto('/document_new');
  await page.getByRole('button', { name: ownMessages.collectionKind }).click();
  await expect(page.getByRole('heading', { name: messages.addHeading('documents collection') })).toBeVisible();
  const name = uniqueName('e2e collection');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Team' }).selectOption({ label: team.name });

  const list = page.getByRole('group', { name: 'Documents' });
  const add = list.getByRole('combobox', { name: ownMessages.addDocument });
  await add.selectOption({ label: firstLabel });
  await add.selectOption({ label: secondLabel });
  await expect(list.getByRole('listitem')).toHaveText([firstLabel, secondLabel]);
  await add.selectOption({ label: firstLabel });
  await expect(list.getByText(messages.documentAlreadyInCollection)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('button', { name: ownMessages.moveUpInList(secondLabel) }).click();
  await expect(list.getByRole('listitem')).toHaveText([secondLabel, firstLabel]);
  await page.getByRole('button', { name: messages.submit }).click();

  await expect(page.getByRole('heading', { name: messages.viewHeading('documents collection') })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Documents' }).getByRole('link')).toHaveText([secondLabel, firstLabel]);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect((await read(page.request, 'documents_collection', id))?.basic_docs_list).toEqual([{ id: second.id }, { id: first.id }]);
});

test.describe('a document assigned to devices', () => {
  test("is assigned to two devices with the dialog, shows in their documentation, cannot be deleted", async ({ page, dialogs }) => {
    // Five screens and two dialogs against the server: more than the default 30 s on a busy machine.
    test.slow();
    const team = await adminTeam(page.request);
    const type = await createType(page.request, team.id);
    const devices = [await createDevice(page.request, type), await createDevice(page.request, type)];
    const document = await create(page.request, 'basic_document', textDocument(team.id, 'e2e assigned', { target_class: 'device' }));

    await page.goto(`/basic_document_view?id=${document.id}`);
    await page.getByRole('button', { name: ownMessages.assignToObjects }).click();
    const dialog = page.getByRole('dialog', { name: ownMessages.assignToObjects });
    await expect(dialog.getByRole('region')).toHaveCount(1);
    for (const device of devices) await dialog.getByRole('checkbox', { name: device.name, exact: true }).check();
    await dialog.getByRole('button', { name: ownMessages.assign }).click();
    await expect(dialog.getByText(ownMessages.assignDone(2))).toBeVisible();
    await dialog.getByRole('button', { name: messages.close }).click();

    const usedIn = page.getByRole('region', { name: ownMessages.usedIn });
    await expect(usedIn.getByRole('link')).toHaveText(devices.map((d) => d.name).sort());

    for (const device of devices) {
      await page.goto(`/device_view?id=${device.id}`);
      const own = page.getByRole('region', { name: ownMessages.ownDocumentation('device') });
      await expect(own.getByRole('link', { name: messages.documentOption(document.name, 'text') })).toBeVisible();
      await expect(own.getByText('e2e assigned content')).toBeVisible();
    }

    // Refused at once, in the server's words, naming the devices that use it: no 'Are you sure?', no DELETE sent.
    await page.goto(`/basic_document_view?id=${document.id}`);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    await expect(usedIn.getByRole('link')).toHaveCount(2);
    await page.getByRole('button', { name: messages.delete }).click();
    const said = inPageDialog(page).locator('#pucs-confirm-text');
    await expect(said).toContainText(ownMessages.inUseBy(document.name, '').replace(/ \.$/, ''));
    for (const device of devices) await expect(said).toContainText(ownMessages.inUsePlace('device', device.name));
    await expect(inPageDialog(page).getByRole('button', { name: messages.delete })).toHaveCount(0);
    await inPageDialog(page).getByRole('button', { name: ownMessages.ok }).click();
    await expect(inPageDialog(page)).toHaveCount(0);
    expect(deletes).toEqual([]);
    await expect(errorSnackbar(page)).toHaveCount(0);
    expect(dialogs).toEqual([]);
    expect(await read(page.request, 'basic_document', document.id)).toBeDefined();
  });
});
