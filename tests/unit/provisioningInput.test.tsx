/**
 * The device's provisioning input (src/resources/device/ProvisioningInput.tsx): the edit lock of
 * spec sections 2 and 4, the 'not provided' text in view mode, and the @rjsf form of the type's
 * provisioning schema (raw JSON text when the type declares none), refusing what breaks it.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, testDataProvider, type DataProvider, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { ProvisioningInput } from '../../src/resources/device/ProvisioningInput';
import { override } from '../../src/resources/device/override';

const SUBMIT = 'test submit';
const device = mustGetCategory('device');
const schema = { type: 'object', properties: { ssid: { type: 'string', title: 'SSID' }, channel: { type: 'integer', title: 'Channel', maximum: 13 } } };
const requiring = { type: 'object', properties: { ssid: { type: 'string', title: 'SSID' } }, required: ['ssid'] };
/** Type 5 declares `schema`, type 7 `requiring`, any other type none. */
const schemas: Record<number, object> = { 5: schema, 7: requiring };

const dataProvider = () =>
  testDataProvider({
    getOne: vi.fn(async (_resource: string, params: { id: unknown }) => ({
      data: { id: params.id, provisioning_schema: schemas[Number(params.id)] ?? null },
    })) as unknown as DataProvider['getOne'],
  });

/** Moves the device to another type, as the type picker would. */
const MoveTo = ({ typeId }: { typeId: number }) => {
  const { setValue } = useFormContext();
  return (
    <button type="button" onClick={() => setValue('type_id', typeId, { shouldDirty: true })}>
      {`move to ${typeId}`}
    </button>
  );
};

function renderProvisioning(mode: ObjectMode, record: Partial<RaRecord>) {
  const submitted: Record<string, unknown>[] = [];
  const invalid: (string | undefined)[] = [];
  render(
    <AdminContext dataProvider={dataProvider()} i18nProvider={i18nProvider}>
      <ResourceContextProvider value="device">
        <Form record={record} noValidate onSubmit={(values: Record<string, unknown>) => void submitted.push(values)}>
          <ProvisioningInput
            name="provisioning"
            field={device.fields.provisioning}
            category={device}
            mode={mode}
            readOnly={mode === 'view'}
            onInvalid={(m) => invalid.push(m)}
          />
          <MoveTo typeId={5} />
          <MoveTo typeId={6} />
          <button type="submit">{SUBMIT}</button>
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
  );
  const submit = async () => {
    const before = submitted.length;
    fireEvent.click(screen.getByText(SUBMIT));
    await waitFor(() => expect(submitted.length).toBe(before + 1));
    return submitted[before];
  };
  return { submit, invalid };
}

// The @rjsf form is a lazy chunk: load it once up front, as a browser would have by then.
beforeAll(() => import('../../src/resources/inputs/JsonSchemaForm'));

describe('the device override', () => {
  it('gives the provisioning field its locked input', () => {
    expect(override.fieldInputs?.provisioning).toBe(ProvisioningInput);
  });
});

describe('the provisioning edit lock', () => {
  it('is read-only in edit mode until the confirmation is ticked and Allow editing clicked, then says so', async () => {
    const { submit } = renderProvisioning('edit', { id: 1, type_id: 5, provisioning: { ssid: 'home', channel: 6 } });
    const ssid = (await screen.findByLabelText('SSID')) as HTMLInputElement;
    expect(ssid.value).toBe('home');
    expect(ssid.readOnly || ssid.disabled).toBe(true);
    const allow = screen.getByRole('button', { name: messages.allowEditing });
    expect((allow as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(messages.provisioningAuthorised)).toBeNull();

    fireEvent.click(screen.getByLabelText(ownMessages.provisioningLockConfirm));
    fireEvent.click(allow);
    expect(screen.getByText(messages.provisioningAuthorised)).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.allowEditing })).toBeNull();
    const editable = screen.getByLabelText('SSID') as HTMLInputElement;
    expect(editable.readOnly || editable.disabled).toBe(false);
    fireEvent.change(editable, { target: { value: 'office' } });
    expect((await submit()).provisioning).toEqual({ ssid: 'office', channel: 6 });
  });

  it('is not locked on a new device', async () => {
    renderProvisioning('new', { type_id: 5, provisioning: null });
    const ssid = (await screen.findByLabelText('SSID')) as HTMLInputElement;
    expect(ssid.readOnly || ssid.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: messages.allowEditing })).toBeNull();
  });

  it('says the provisioning is not provided in view mode when there is none', () => {
    renderProvisioning('view', { id: 1, type_id: 5, provisioning: null });
    expect(screen.getByText(messages.provisioningNotProvided)).toBeTruthy();
  });
});

describe("the type's provisioning schema", () => {
  it('refuses a value that breaks it: reported, and not what the form holds', async () => {
    const { submit, invalid } = renderProvisioning('new', { type_id: 5, provisioning: { ssid: 'a', channel: 1 } });
    fireEvent.change(await screen.findByLabelText('Channel'), { target: { value: '40' } });
    expect(invalid.at(-1)).toBe("The field 'Provisioning' does not match its schema: /channel must be <= 13.");
    expect(await screen.findByText('must be <= 13')).toBeTruthy();
    expect((await submit()).provisioning).toEqual({ ssid: 'a', channel: 1 });
  });

  it('leaves a new device without provisioning untouched although the schema requires a property', async () => {
    const { submit, invalid } = renderProvisioning('new', { type_id: 7, provisioning: null });
    expect(await screen.findByLabelText(/SSID/)).toBeTruthy();
    expect((await submit()).provisioning).toBeNull();
    expect(invalid.filter((m) => m !== undefined)).toEqual([]);
  });

  it('checks the provisioning against the schema of the type the device is moved to, before Submit', async () => {
    const { invalid } = renderProvisioning('edit', { id: 1, type_id: 6, provisioning: { ssid: 'a', channel: 40 } });
    expect(await screen.findByRole('textbox', { name: device.fields.provisioning.label })).toBeTruthy();
    fireEvent.click(screen.getByText('move to 5'));
    await waitFor(() => expect(invalid.at(-1)).toBe("The field 'Provisioning' does not match its schema: /channel must be <= 13."));
    fireEvent.click(screen.getByText('move to 6'));
    await waitFor(() => expect(invalid.at(-1)).toBeUndefined());
  });

  it('is a raw JSON text when the type declares none', async () => {
    const { submit } = renderProvisioning('new', { type_id: 6, provisioning: null });
    const text = await screen.findByRole('textbox', { name: device.fields.provisioning.label });
    fireEvent.change(text, { target: { value: '{"any": [1, 2]}' } });
    expect((await submit()).provisioning).toEqual({ any: [1, 2] });
  });
});
