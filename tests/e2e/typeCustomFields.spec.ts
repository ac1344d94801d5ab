/**
 * The type's custom field definitions in Chromium against the real server: edited, saved (empty
 * names dropped) and shown in view mode; deleting a stored one asks and removes it from the
 * type's devices; changing a stored one warns and leaves the devices' values alone.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeamId, createDevice, createType, read } from './typeGroupApi';
import { answerInPage } from './objectScreen';

const cols = ownMessages.customFieldColumns;
const definitions = [
  { name: 'colour', type: 0, value: 'red' },
  { name: 'floor', type: 2, value: 1 },
];

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('custom fields are edited, saved without empty rows, and shown in view mode', async ({ page }) => {
  const type = await createType(page.request, await adminTeamId(page.request));
  await page.goto(`/type_edit?id=${type.id}`);
  const editor = page.getByTestId('custom-fields-custom_fields_devices');
  const add = editor.getByRole('button', { name: ownMessages.addCustomField });

  await add.click();
  await editor.getByLabel(cols.name).nth(0).fill('colour');
  const valueBoxes = editor.getByRole('textbox', { name: cols.value });
  await valueBoxes.nth(0).fill('red');
  await add.click();
  await editor.getByLabel(cols.name).nth(1).fill('outdoor');
  await editor.getByLabel(cols.type).nth(1).selectOption({ label: ownMessages.customFieldTypeNames[1] });
  await editor.getByRole('checkbox', { name: cols.value }).check();
  await add.click();
  await editor.getByLabel(cols.name).nth(2).fill('floor');
  await editor.getByLabel(cols.type).nth(2).selectOption({ label: ownMessages.customFieldTypeNames[2] });
  await valueBoxes.nth(1).fill('-3');
  await add.click();
  await valueBoxes.nth(2).fill('no name, dropped');
  await page.getByRole('button', { name: messages.submit }).click();

  await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));
  const table = page.getByRole('table', { name: 'Custom fields of devices' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1)).toContainText(['colour', ownMessages.customFieldTypeNames[0], 'red'].join(''));
  await expect(table.getByRole('row').nth(3)).toContainText(['floor', ownMessages.customFieldTypeNames[2], '-3'].join(''));
  await expect(table.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: ownMessages.addCustomField })).toHaveCount(0);

  const saved = await read(page.request, 'type', type.id);
  expect(saved?.custom_fields_devices).toEqual([
    { name: 'colour', type: 0, value: 'red' },
    { name: 'outdoor', type: 1, value: true },
    { name: 'floor', type: 2, value: -3 },
  ]);
});

test.describe('stored definitions', () => {
  test('deleting one asks, then removes it from every device of the type', async ({ page, dialogs }) => {
    const type = await createType(page.request, await adminTeamId(page.request), { custom_fields_devices: definitions });
    const values = [
      { name: 'colour', type: 0, value: 'blue' },
      { name: 'floor', type: 2, value: 7 },
    ];
    const device = await createDevice(page.request, type, { custom_fields_from_type: values });

    await page.goto(`/type_edit?id=${type.id}`);
    await page.getByRole('button', { name: ownMessages.deleteCustomField('colour') }).click();
    await answerInPage(page, ownMessages.confirmDeleteCustomField('colour'));
    const editor = page.getByTestId('custom-fields-custom_fields_devices');
    await expect(editor.getByLabel(cols.name)).toHaveCount(1);
    await page.getByRole('button', { name: messages.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));

    expect((await read(page.request, 'type', type.id))?.custom_fields_devices).toEqual([definitions[1]]);
    expect((await read(page.request, 'device', device.id))?.custom_fields_from_type).toEqual([values[1]]);
    expect(dialogs).toEqual([]);
  });

  test("changing one's value warns that existing devices keep theirs, and they do", async ({ page, dialogs }) => {
    const type = await createType(page.request, await adminTeamId(page.request), { custom_fields_devices: definitions });
    const values = [
      { name: 'colour', type: 0, value: 'blue' },
      { name: 'floor', type: 2, value: 7 },
    ];
    const device = await createDevice(page.request, type, { custom_fields_from_type: values });

    await page.goto(`/type_edit?id=${type.id}`);
    const editor = page.getByTestId('custom-fields-custom_fields_devices');
    await editor.getByLabel(cols.value).nth(1).fill('2');
    await expect(editor.getByText(ownMessages.customFieldExistingChanged)).toBeVisible();
    await page.getByRole('button', { name: messages.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/type_view\\?id=${type.id}$`));

    expect((await read(page.request, 'type', type.id))?.custom_fields_devices).toEqual([definitions[0], { name: 'floor', type: 2, value: 2 }]);
    expect((await read(page.request, 'device', device.id))?.custom_fields_from_type).toEqual(values);
    expect(dialogs).toEqual([]);
  });
});

test("a device shows its type's fields as a form with its own values or the defaults, and saves an edited one", async ({ page }) => {
  const type = await createType(page.request, await adminTeamId(page.request), {
    custom_fields_devices: [...definitions, { name: 'outdoor', type: 1, value: false }],
  });
  const device = await createDevice(page.request, type, { custom_fields_from_type: [{ name: 'colour', type: 0, value: 'blue' }] });

  await page.goto(`/device_view?id=${device.id}`);
  const values = page.getByTestId('custom-fields-custom_fields_from_type');
  await expect(values.getByLabel('colour')).toHaveValue('blue');
  await expect(values.getByLabel('floor')).toHaveValue('1');
  await expect(values.getByRole('checkbox', { name: 'outdoor' })).toBeDisabled();

  await page.goto(`/device_edit?id=${device.id}`);
  await values.getByLabel('floor').fill('1.5');
  await expect(values.getByText('must be integer')).toBeVisible();
  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page.getByText("The field 'Custom fields': the value of 'floor' must be of type Integer.")).toBeVisible();
  await values.getByLabel('floor').fill('12');
  await values.getByRole('checkbox', { name: 'outdoor' }).check();
  await page.getByRole('button', { name: messages.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  await expect(values.getByLabel('floor')).toHaveValue('12');
  expect((await read(page.request, 'device', device.id))?.custom_fields_from_type).toEqual([
    { name: 'colour', type: 0, value: 'blue' },
    { name: 'floor', type: 2, value: 12 },
    { name: 'outdoor', type: 1, value: true },
  ]);
});
