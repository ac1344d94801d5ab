/**
 * Spec section 4 'Firmware save' when the upload fails: the firmware was created, so the form gets
 * one update that drops the announced hash and opens the created firmware in edit (a second Submit
 * updates it, it does not create another); the failure is logged and shown next to the upload
 * control, not alerted. A 401 follows the error catalogue (sign-in alert).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, useGetList } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { createAuthProvider } from '../../src/dataProvider/authProvider';
import { createProfileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { ObjectScreen } from '../../src/resources/object/ObjectScreen';
import { useQueryParam } from '../../src/resources/useQueryParam';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { installXhr } from './uploadXhrMock';

const HASH = 'b'.repeat(64);
vi.mock('../../src/resources/firmware/hashFile', () => ({ hashFile: () => Promise.resolve('b'.repeat(64)) }));

const profile: Profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'First team', role_id: 3 }] };
const firmware = mustGetCategory('firmware');
let stored: Record<string, unknown>;
let calls: RecordedCall[];
const alerts = vi.fn();

beforeEach(() => {
  stored = {};
  setErrorUi({ alert: alerts, goHome: vi.fn() });
  alerts.mockReset();
  calls = installFetch(({ url, method, body }) => {
    const path = url.pathname;
    if (path === '/api/get_teams_where_user_is_admin/') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (path.startsWith('/api/issemver/')) return jsonResponse(true);
    if (path === '/api/type') return jsonResponse({ json_list: [{ id: 3, name: 'Sensor', team_id: 1 }] });
    if (path === '/api/team') return jsonResponse({ json_list: [{ id: 1, name: 'First team' }] });
    if (path === '/api/firmware' && method === 'POST') {
      stored = { id: 99, filename: null, size: null, ...(body as object) };
      return jsonResponse(stored, 201);
    }
    if (path === '/api/firmware/99' && method === 'PUT') {
      stored = { ...stored, ...(body as object) };
      return jsonResponse(stored);
    }
    if (path === '/api/full/firmware/99') return jsonResponse(stored);
    if (path === '/api/firmware' || path === '/api/full/device') return jsonResponse({ json_list: [] });
    // The documentation panel under the form: the type's documents and the documents to add.
    if (path === '/api/full/type/3') return jsonResponse({ id: 3, documents_collection_id: null, basic_docs_list: [] });
    if (path === '/api/basic_document') return jsonResponse({ json_list: [] });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

const EditPage = () => {
  const id = useQueryParam('id');
  return <ObjectScreen category={firmware} mode="edit" id={id} />;
};

/** Another page of the console: it reads the teams, so a refresh of the console's reads shows there. */
const Elsewhere = () => {
  useGetList('team', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' } });
  return <p>elsewhere</p>;
};

function renderAdd() {
  const store = createProfileStore(async () => profile);
  // One console: every page shares the reads' cache.
  const queryClient = new QueryClient();
  const inAdmin = (child: React.ReactNode) => (
    <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider(store)} i18nProvider={i18nProvider} queryClient={queryClient}>
      {child}
    </AdminContext>
  );
  const router = createMemoryRouter(
    [
      { path: '/firmware_new', element: inAdmin(<ObjectScreen category={firmware} mode="new" />) },
      { path: '/firmware_edit', element: inAdmin(<EditPage />) },
      { path: '*', element: inAdmin(<Elsewhere />) },
    ],
    { initialEntries: ['/firmware_new'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function addWithFile() {
  const router = renderAdd();
  await waitFor(() => expect((screen.getByRole('combobox', { name: 'Team' }) as HTMLSelectElement).value).toBe('1'));
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Edge' } });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Type' }).hasAttribute('disabled')).toBe(false));
  fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: '3' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Version' }), { target: { value: '1.0.0' } });
  fireEvent.change(screen.getByTestId('file-input'), { target: { files: [new File(['fw'], 'fw.bin')] } });
  await screen.findByTestId('file-hash');
  fireEvent.click(screen.getByRole('button', { name: messages.submit }));
  return router;
}

const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body]);

describe('a firmware created whose upload fails', () => {
  it('gets one update that drops the announced hash, opens in edit, and shows the failure by the upload control', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const xhr = installXhr({ status: 400, body: JSON.stringify({ Description: 'The file does not match.' }) });
    const router = await addWithFile();

    await waitFor(() => expect(router.state.location.pathname).toBe('/firmware_edit'));
    expect(router.state.location.search).toBe('?id=99');
    expect(xhr.sent.map((x) => x.url)).toEqual(['/api/upload/firmware/99']);
    expect(writes()).toEqual([
      ['POST', '/api/firmware', expect.objectContaining({ name: 'Edge', firmware_hash: HASH })],
      ['PUT', '/api/firmware/99', { firmware_hash: null }],
    ]);
    expect(await screen.findByText(ownMessages.uploadFailed('The file does not match.'))).toBeTruthy();
    // The edit page offers the control again, for the same firmware.
    expect(screen.getByText(ownMessages.chooseFile)).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    expect(alerts).not.toHaveBeenCalled();
  });

  it('follows the error catalogue when the session is gone (401)', async () => {
    installXhr({ status: 401, body: JSON.stringify({ Description: 'Not signed in.' }) });
    await addWithFile();
    await waitFor(() => expect(alerts).toHaveBeenCalledWith(messages.pleaseSignIn));
  });
});

describe('a firmware whose form is left while its file uploads', () => {
  it('stops the upload, no longer claims the hash, and leaves the user where they went', async () => {
    const xhr = installXhr();
    const router = await addWithFile();
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const teamListReads = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/full/team').length;
    // What was typed is not all saved yet (the name field still holds the focus): leaving asks,
    // here with the browser's box (no ConfirmProvider in this test), and the user leaves.
    const asked = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await router.navigate('/devices');
    expect(await screen.findByText('elsewhere')).toBeTruthy();
    expect(asked).toHaveBeenCalledWith(ownMessages.unsavedChanges);
    await waitFor(() => expect(xhr.sent[0].aborted).toBe(true));
    await waitFor(() => expect(writes()).toContainEqual(['PUT', '/api/firmware/99', { firmware_hash: null }]));
    // The save ends with a refresh of the console's reads (the page left reads its list again), where it used to open the firmware.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/devices');
      expect(teamListReads()).toBe(2);
    });
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });
});
