/**
 * 'Select all N matching' on the devices table, against a fake /api: it selects every device the
 * filters match across pages by reading their ids only (one whole list, no range), and says so when
 * the server's list cap cut that list.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { categories } from '../../src/schemas';
import { ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { ListPage } from '../../src/resources/ListPage';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { dialect, installFakeApi } from './listFakeApi';

const devices = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: `Device ${String(i + 1).padStart(2, '0')}`,
  team_id: 1,
  type_id: i < 30 ? 10 : 11,
  uid_for_type: `U${i + 1}`,
}));
const objects = {
  team: [{ id: 1, name: 'Blue' }],
  type: [
    { id: 10, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' },
    { id: 11, name: 'Valve', team_id: 1, name_of_uid: 'Serial' },
  ],
  device: devices,
};
const routes = deriveConsoleRoutes(categories);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetErrorUi();
  localStorage.clear();
});

/** The ids-only read of 'Select all N matching': GET /api/full/device?fields=id, no range. */
const isIdsRead = (call: RecordedCall) => call.url.pathname === '/api/full/device' && call.url.searchParams.get('fields') === 'id';

function renderDevices(cap?: number, adminTeamIds?: number[]) {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  const calls = installFakeApi(objects, (call) => {
    if (cap === undefined || !isIdsRead(call)) return undefined;
    const { filter } = dialect(call);
    const matching = devices.filter((d) => filter.type_id === undefined || String(d.type_id) === String(filter.type_id));
    const page = matching.slice(0, cap).map((d) => ({ id: d.id }));
    return jsonResponse(page, 200, { 'Content-Range': `device 0-${page.length - 1}/${matching.length}` });
  });
  const path = `/devices?filter=${encodeURIComponent(JSON.stringify({ type_id: 10 }))}`;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            dataProvider={createDataProvider()}
            i18nProvider={i18nProvider}
            store={memoryStore()}
            authProvider={adminTeamIds && { ...noAuth, getPermissions: async () => ({ isServerAdmin: false, teams: [], adminTeamIds }) }}
          >
            <ListPage route={routes.find((r) => r.path === '/devices')!} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}

const noAuth = { login: async () => {}, logout: async () => {}, checkAuth: async () => {}, checkError: async () => {} };

const rowBoxes = () => document.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]');

describe("'Select all N matching'", () => {
  it('selects the 30 devices the type filter matches across pages, reading their ids only', async () => {
    const calls = renderDevices();
    await screen.findByText('Device 01');
    expect(rowBoxes()).toHaveLength(25);
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.selectAllMatching(30) }));
    expect(await screen.findByText(ownMessages.allMatchingSelected(30))).toBeTruthy();
    expect(screen.getByText('30 items selected')).toBeTruthy();
    const read = calls.filter(isIdsRead);
    expect(read).toHaveLength(1);
    expect(dialect(read[0])).toMatchObject({ range: null, filter: { type_id: 10 } });
    await waitFor(() => expect([...rowBoxes()].every((box) => box.checked)).toBe(true));
  });

  it("says so when the server's list cap cut the matches", async () => {
    renderDevices(20);
    await screen.findByText('Device 01');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.selectAllMatching(30) }));
    expect(await screen.findByText(ownMessages.selectionCut(20, 30))).toBeTruthy();
    expect(screen.getByText('20 items selected')).toBeTruthy();
  });
});

describe('bulk actions and roles (spec section 6)', () => {
  it('a member of no team as admin is offered printing and export, not the actions that would be refused', async () => {
    renderDevices(undefined, []);
    await screen.findByText('Device 01');
    fireEvent.click(rowBoxes()[0]);
    expect(await screen.findByRole('button', { name: ownMessages.exportSelected })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ownMessages.moveToGroup })).toBeNull();
    expect(screen.queryByRole('button', { name: ownMessages.deleteSelected })).toBeNull();
  });

  it("an admin of the devices' team is offered them", async () => {
    renderDevices(undefined, [1]);
    await screen.findByText('Device 01');
    fireEvent.click(rowBoxes()[0]);
    expect(await screen.findByRole('button', { name: ownMessages.moveToGroup })).toBeTruthy();
    expect(screen.getByRole('button', { name: ownMessages.deleteSelected })).toBeTruthy();
  });
});
