/**
 * The firmware's Enabled/Disabled switch (spec, Firmware form; Firmware states 'enabled or
 * disabled'), in jsdom over a fake /api: on and 'Enabled' for an enabled firmware (is_disabled 0),
 * off and 'Disabled' for a disabled one, the API flag unchanged: turned off it sends is_disabled 1,
 * and turned off and on again it sends nothing (only changed fields are sent on update).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import type { ObjectMode } from '../../src/resources/consoleRoutes';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { ConfirmProvider } from '../../src/custom/confirm/ConfirmProvider';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { installXhr } from './uploadXhrMock';

// A firmware's file is hashed in a Web Worker, which jsdom has not: a fixed hash stands for it.
vi.mock('../../src/resources/firmware/hashFile', () => ({ hashFile: () => Promise.resolve('c'.repeat(64)) }));

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'First team', role_id: 3 }] };
const stored = (id: number, is_disabled: number) => ({
  id,
  name: 'Core',
  team_id: 1,
  type_id: 3,
  version: `${id}.0.0`,
  is_disabled,
  filename: 'fw.bin',
  size: 2,
  firmware_hash: 'c'.repeat(64),
  custom_fields: [],
  notes: '',
  icon: null,
  author_id: 1,
  author: { id: 1, username: 'admin' },
  type: { id: 3, name: 'Sensor' },
  date: '2026-11-20T10:00:00Z',
});
const firmwares = [stored(7, 0), stored(8, 1)];
let calls: RecordedCall[];

beforeEach(() => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  calls = installFetch(({ url, method, body }) => {
    const path = url.pathname;
    const one = /^\/api\/(?:full\/)?firmware\/(\d+)$/.exec(path);
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (path.startsWith('/api/issemver/')) return jsonResponse(true);
    if (path === '/api/team') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (path === '/api/type') return jsonResponse({ json_list: [{ id: 3, name: 'Sensor', team_id: 1 }] });
    if (path === '/api/firmware' && method === 'POST') return jsonResponse({ id: 99, ...(body as object) }, 201);
    if (one && method === 'PUT') return jsonResponse({ ...firmwares.find((f) => String(f.id) === one[1]), ...(body as object) });
    if (one) return jsonResponse(firmwares.find((f) => String(f.id) === one[1]));
    if (path === '/api/full/type/3') return jsonResponse({ id: 3, documents_collection_id: null, basic_docs_list: [] });
    // The tables under the form (the devices aiming at the firmware): empty.
    if (/^\/api\/full\/[a-z_]+$/.test(path)) return jsonResponse([], 200, { 'content-range': 'items 0-0/0' });
    if (/^\/api\/[a-z_]+$/.test(path)) return jsonResponse({ json_list: [] });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderScreen(mode: ObjectMode, id?: string) {
  const store = createProfileStore(async () => profile);
  const element = (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider}>
      <ConfirmProvider>
        <ObjectScreen category={mustGetCategory('firmware')} mode={mode} id={id} />
      </ConfirmProvider>
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/start'] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The form's one switch. */
const toggle = () => screen.getByRole('switch') as HTMLInputElement;
/** What the switch reads beside it. */
const reads = () => toggle().closest('label')?.textContent;
const writes = () => calls.filter((c) => c.method !== 'GET');

describe("the firmware's Enabled/Disabled switch", () => {
  it('is on and reads Enabled on a new firmware; turned off it reads Disabled and the firmware is saved with is_disabled 1', async () => {
    const router = renderScreen('new');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement).value).toBe('1'));
    expect(toggle().checked).toBe(true);
    expect(reads()).toBe(ownMessages.enabled);
    // Named by what on means, whatever it reads: a screen reader hears 'Enabled, on' or 'Enabled, off'.
    expect(screen.getByRole('switch', { name: ownMessages.enabled })).toBe(toggle());

    fireEvent.click(toggle());
    expect(toggle().checked).toBe(false);
    expect(reads()).toBe(ownMessages.disabled);

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Edge' } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Type' }).hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Version' }), { target: { value: '0.1.0' } });
    installXhr({ status: 200, body: '{}' });
    fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File(['fw'], 'fw.bin')] } });
    await screen.findByTestId('file-hash');
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/firmware_view'));
    expect(writes()[0].body).toMatchObject({ name: 'Edge', is_disabled: 1 });
  });

  it('is off and reads Disabled in the view of a disabled firmware, and cannot be switched there', async () => {
    renderScreen('view', '8');
    await waitFor(() => expect(reads()).toBe(ownMessages.disabled));
    expect(toggle().checked).toBe(false);
    expect(toggle().disabled).toBe(true);
  });

  it('on an enabled firmware in edit, turned off and on again, is not sent: only the changed fields are', async () => {
    renderScreen('edit', '7');
    await waitFor(() => expect(reads()).toBe(ownMessages.enabled));
    expect(toggle().checked).toBe(true);
    fireEvent.click(toggle());
    fireEvent.click(toggle());
    expect(reads()).toBe(ownMessages.enabled);
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'checked' } });
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toEqual({ notes: 'checked' });
  });

  it('on a disabled firmware in edit, is off and reads Disabled; turned on it reads Enabled and sends is_disabled 0', async () => {
    renderScreen('edit', '8');
    await waitFor(() => expect(reads()).toBe(ownMessages.disabled));
    expect(toggle().checked).toBe(false);
    fireEvent.click(toggle());
    expect(reads()).toBe(ownMessages.enabled);
    fireEvent.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].url.pathname).toBe('/api/firmware/8');
    expect(writes()[0].body).toEqual({ is_disabled: 0 });
  });
});
