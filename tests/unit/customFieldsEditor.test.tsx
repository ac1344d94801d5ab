/**
 * The custom field inputs inside a react-admin form, as the object screen renders them: the
 * type's definitions editor (add, delete with confirmation, drop empty names, 'existing changed'
 * warning, read-only view), a firmware's free list and a device's values from its type (an
 * @rjsf form of the type's compiled definitions, refusing a value of the wrong type).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { ConfirmProvider } from '../../src/custom/confirm/ConfirmProvider';
import { mustGetCategory } from '../../src/schemas';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { CustomFieldDefinitionsInput } from '../../src/resources/type/CustomFieldDefinitionsInput';
import { CustomFieldsInput } from '../../src/resources/inputs/CustomFieldsInput';
import { override as typeOverride } from '../../src/resources/type/override';

const SUBMIT = 'test submit';
const cols = ownMessages.customFieldColumns;

function renderInForm(
  ui: ReactElement,
  { record, resource, dataProvider = testDataProvider() }: { record: Partial<RaRecord>; resource: string; dataProvider?: DataProvider },
) {
  const submitted: Record<string, unknown>[] = [];
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ResourceContextProvider value={resource}>
        <ConfirmProvider>
          <Form record={record} onSubmit={(values: Record<string, unknown>) => void submitted.push(values)}>
            {ui}
            <button type="submit">{SUBMIT}</button>
          </Form>
        </ConfirmProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
  const submit = async () => {
    const before = submitted.length;
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(submitted.length).toBe(before + 1));
    return submitted[before];
  };
  return { submitted, submit };
}

const typeCategory = mustGetCategory('type');
const stored = [
  { name: 'colour', type: 0, value: 'red' },
  { name: 'floor', type: 2, value: 0 },
];

function renderDefinitions(mode: ObjectMode = 'edit', definitions: unknown = stored) {
  const name = 'custom_fields_devices';
  return renderInForm(
    <CustomFieldDefinitionsInput name={name} field={typeCategory.fields[name]} category={typeCategory} mode={mode} readOnly={mode === 'view'} />,
    { record: { id: 7, name: 'Sensor', custom_fields_devices: definitions }, resource: 'type' },
  );
}

const nameInputs = () => screen.getAllByLabelText(cols.name) as HTMLInputElement[];
const typeSelects = () => screen.getAllByLabelText(cols.type) as HTMLSelectElement[];
const valueInputs = () => screen.getAllByLabelText(cols.value) as HTMLInputElement[];
const addRow = () => fireEvent.click(screen.getByRole('button', { name: ownMessages.addCustomField }));

afterEach(() => vi.restoreAllMocks());

describe('the type override', () => {
  it('registers the definitions editor for custom_fields_devices', () => {
    expect(typeOverride.fieldInputs?.custom_fields_devices).toBe(CustomFieldDefinitionsInput);
  });
});

describe('custom field definitions of a type', () => {
  it('shows the stored definitions with typed inputs', () => {
    renderDefinitions();
    expect(nameInputs().map((i) => i.value)).toEqual(['colour', 'floor']);
    expect(typeSelects().map((s) => s.value)).toEqual(['0', '2']);
    expect(valueInputs().map((i) => i.value)).toEqual(['red', '0']);
  });

  it('adds a row with a name, type and value, and saves it', async () => {
    const { submit } = renderDefinitions();
    addRow();
    fireEvent.change(nameInputs()[2], { target: { value: 'outdoor' } });
    fireEvent.change(typeSelects()[2], { target: { value: '1' } });
    fireEvent.click(screen.getAllByRole('checkbox', { name: cols.value })[0]);
    const values = await submit();
    expect(values.custom_fields_devices).toEqual([...stored, { name: 'outdoor', type: 1, value: true }]);
  });

  it('drops rows with an empty name on save', async () => {
    const { submit } = renderDefinitions();
    addRow();
    addRow();
    fireEvent.change(nameInputs()[3], { target: { value: '  ' } });
    fireEvent.change(valueInputs()[2], { target: { value: 'orphan value' } });
    expect(nameInputs()).toHaveLength(4);
    expect((await submit()).custom_fields_devices).toEqual(stored);
  });

  it('asks in the page before deleting a stored definition, saying it leaves every device, and keeps it when refused', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { submit } = renderDefinitions();
    fireEvent.click(screen.getByRole('button', { name: ownMessages.deleteCustomField('colour') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(ownMessages.confirmDeleteCustomField('colour'));
    expect(ownMessages.confirmDeleteCustomField('colour')).toMatch(/removed from all devices of this type/);
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nameInputs().map((i) => i.value)).toEqual(['colour', 'floor']);

    fireEvent.click(screen.getByRole('button', { name: ownMessages.deleteCustomField('colour') }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ownMessages.ok }));
    await waitFor(() => expect(nameInputs().map((i) => i.value)).toEqual(['floor']));
    expect(confirm).not.toHaveBeenCalled();
    expect((await submit()).custom_fields_devices).toEqual([stored[1]]);
  });

  it('deletes a row added in this form without asking', () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderDefinitions();
    addRow();
    fireEvent.change(nameInputs()[2], { target: { value: 'fresh' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.deleteCustomField('fresh') }));
    expect(confirm).not.toHaveBeenCalled();
    expect(nameInputs()).toHaveLength(2);
  });

  it("warns when a stored definition's value or type changes, and stops when it is back", () => {
    renderDefinitions();
    expect(screen.queryByText(ownMessages.customFieldExistingChanged)).toBeNull();
    fireEvent.change(valueInputs()[0], { target: { value: 'blue' } });
    expect(screen.getAllByText(ownMessages.customFieldExistingChanged)).toHaveLength(1);
    fireEvent.change(valueInputs()[0], { target: { value: 'red' } });
    expect(screen.queryByText(ownMessages.customFieldExistingChanged)).toBeNull();

    fireEvent.change(typeSelects()[1], { target: { value: '1' } });
    expect(screen.getAllByText(ownMessages.customFieldExistingChanged)).toHaveLength(1);
  });

  it('gives a changed type its default value (boolean false, integer 0, string empty)', async () => {
    const { submit } = renderDefinitions();
    fireEvent.change(typeSelects()[0], { target: { value: '2' } });
    fireEvent.change(typeSelects()[1], { target: { value: '1' } });
    expect((await submit()).custom_fields_devices).toEqual([
      { name: 'colour', type: 2, value: 0 },
      { name: 'floor', type: 1, value: false },
    ]);
  });

  it('does not warn about new rows, and warns about a renamed stored one', () => {
    renderDefinitions();
    addRow();
    fireEvent.change(valueInputs()[2], { target: { value: 'x' } });
    expect(screen.queryByText(ownMessages.customFieldExistingChanged)).toBeNull();
    fireEvent.change(nameInputs()[0], { target: { value: 'color' } });
    expect(screen.getByText(ownMessages.customFieldRenamed('colour'))).toBeTruthy();
  });

  it('keeps an integer draft until it is a whole number, saving the last good value', async () => {
    const { submit } = renderDefinitions();
    fireEvent.change(valueInputs()[1], { target: { value: '-' } });
    expect(valueInputs()[1].value).toBe('-');
    expect(screen.getByText(ownMessages.customFieldNotInteger)).toBeTruthy();
    fireEvent.change(valueInputs()[1], { target: { value: '-12' } });
    expect(screen.queryByText(ownMessages.customFieldNotInteger)).toBeNull();
    expect((await submit()).custom_fields_devices).toEqual([stored[0], { name: 'floor', type: 2, value: -12 }]);
  });

  it('refuses to save two fields with the same name', async () => {
    const { submitted } = renderDefinitions();
    addRow();
    fireEvent.change(nameInputs()[2], { target: { value: 'colour' } });
    fireEvent.click(screen.getByText(SUBMIT));
    expect(await screen.findByText(ownMessages.customFieldDuplicate('colour'))).toBeTruthy();
    expect(submitted).toHaveLength(0);
  });

  it('is a plain table in view mode: no inputs, no add or delete', () => {
    renderDefinitions('view', [...stored, { name: 'outdoor', type: 1, value: true }]);
    const table = screen.getByRole('table', { name: typeCategory.fields.custom_fields_devices.label });
    expect(within(table).getByText('colour')).toBeTruthy();
    expect(within(table).getByText('red')).toBeTruthy();
    expect(within(table).getByText(ownMessages.customFieldTypeNames[2])).toBeTruthy();
    expect((within(table).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: ownMessages.addCustomField })).toBeNull();
    expect(screen.queryByRole('button', { name: ownMessages.deleteCustomField('colour') })).toBeNull();
  });

  it('says there are none in view mode when the list is empty', () => {
    renderDefinitions('view', []);
    expect(screen.getByText(ownMessages.noCustomFields)).toBeTruthy();
  });
});

describe("a firmware's free list", () => {
  const firmware = mustGetCategory('firmware');

  it('deletes a stored field without asking: it lives on no other object', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { submit } = renderInForm(
      <CustomFieldsInput name="custom_fields" field={firmware.fields.custom_fields} category={firmware} mode="edit" readOnly={false} />,
      { record: { id: 3, custom_fields: [{ name: 'build', type: 0, value: 'x' }] }, resource: 'firmware' },
    );
    fireEvent.click(screen.getByRole('button', { name: ownMessages.deleteCustomField('build') }));
    expect(confirm).not.toHaveBeenCalled();
    addRow();
    fireEvent.change(nameInputs()[0], { target: { value: 'board' } });
    fireEvent.change(valueInputs()[0], { target: { value: 'rev B' } });
    expect((await submit()).custom_fields).toEqual([{ name: 'board', type: 0, value: 'rev B' }]);
    expect(screen.queryByText(ownMessages.customFieldExistingChanged)).toBeNull();
  });
});

describe("a device's values from its type", () => {
  // The @rjsf form is a lazy chunk: load it once up front, as a browser would have by then.
  beforeAll(() => import('../../src/resources/inputs/JsonSchemaForm'));
  const device = mustGetCategory('device');
  const definitions = [
    { name: 'colour', type: 0, value: 'red' },
    { name: 'outdoor', type: 1, value: false },
    { name: 'floor', type: 2, value: 0 },
  ];
  const dataProvider = () =>
    testDataProvider({
      getOne: vi.fn(async (_resource: string, params: { id: unknown }) => ({
        data: { id: params.id, custom_fields_devices: Number(params.id) === 5 ? definitions : [] },
      })) as unknown as DataProvider['getOne'],
    });

  const renderValues = (mode: ObjectMode, record: Partial<RaRecord>, dp = dataProvider()) =>
    renderInForm(
      <CustomFieldsInput
        name="custom_fields_from_type"
        field={device.fields.custom_fields_from_type}
        category={device}
        mode={mode}
        readOnly={mode === 'view'}
      />,
      { record, resource: 'device', dataProvider: dp },
    );

  it("reads the chosen type's definitions and fills a new device with their defaults", async () => {
    const dp = dataProvider();
    const { submit } = renderValues('new', { type_id: 5, custom_fields_from_type: [] }, dp);
    expect(await screen.findByLabelText('colour')).toBeTruthy();
    expect(dp.getOne).toHaveBeenCalledWith('type', expect.objectContaining({ id: 5, meta: { full: false, fields: ['id', 'custom_fields_devices'] } }));
    fireEvent.change(screen.getByLabelText('floor'), { target: { value: '4' } });
    expect((await submit()).custom_fields_from_type).toEqual([
      { name: 'colour', type: 0, value: 'red' },
      { name: 'outdoor', type: 1, value: false },
      { name: 'floor', type: 2, value: 4 },
    ]);
  });

  it("keeps the device's own values, and an untouched edit changes nothing", async () => {
    const own = [{ name: 'colour', type: 0, value: 'blue' }];
    const { submit } = renderValues('edit', { id: 1, type_id: 5, custom_fields_from_type: own });
    expect(((await screen.findByLabelText('colour')) as HTMLInputElement).value).toBe('blue');
    expect(((screen.getByLabelText('outdoor')) as HTMLInputElement).checked).toBe(false);
    expect((await submit()).custom_fields_from_type).toEqual(own);
    fireEvent.click(screen.getByLabelText('outdoor'));
    expect((await submit()).custom_fields_from_type).toEqual([
      { name: 'colour', type: 0, value: 'blue' },
      { name: 'outdoor', type: 1, value: true },
      { name: 'floor', type: 2, value: 0 },
    ]);
  });

  it('refuses a decimal in an integer field: reported, and the last good value is what the form holds', async () => {
    const invalid: (string | undefined)[] = [];
    const { submit } = renderInForm(
      <CustomFieldsInput
        name="custom_fields_from_type"
        field={device.fields.custom_fields_from_type}
        category={device}
        mode="edit"
        readOnly={false}
        onInvalid={(message) => invalid.push(message)}
      />,
      { record: { id: 1, type_id: 5, custom_fields_from_type: [] }, resource: 'device', dataProvider: dataProvider() },
    );
    fireEvent.change(await screen.findByLabelText('floor'), { target: { value: '1.5' } });
    expect(invalid.at(-1)).toBe("The field 'Custom fields': the value of 'floor' must be of type Integer.");
    expect(await screen.findByText('must be integer')).toBeTruthy();
    expect(((screen.getByLabelText('floor')) as HTMLInputElement).value).toBe('1.5');
    expect((await submit()).custom_fields_from_type).toEqual([]);
    fireEvent.change(screen.getByLabelText('floor'), { target: { value: '2' } });
    expect(invalid.at(-1)).toBeUndefined();
    expect((await submit()).custom_fields_from_type).toEqual([
      { name: 'colour', type: 0, value: 'red' },
      { name: 'outdoor', type: 1, value: false },
      { name: 'floor', type: 2, value: 2 },
    ]);
  });

  it('asks for a type first, and says when the type defines none', async () => {
    renderValues('new', { custom_fields_from_type: [] });
    expect(screen.getByText(ownMessages.customFieldsNeedType)).toBeTruthy();
  });

  it('says when the type defines no fields', async () => {
    renderValues('view', { id: 1, type_id: 6, custom_fields_from_type: [] });
    expect(await screen.findByText(ownMessages.noCustomFields)).toBeTruthy();
  });
});
