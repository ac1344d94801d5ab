/** The teams page (src/resources/team/): members and roles, admin-only changes, team creation. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, type AuthProvider, memoryStore, Notification } from 'react-admin';
import { categories } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { ROLE, roleLabel } from '../../src/schemas/role';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { RoutePage } from '../../src/resources/RoutePage';
import { RoleSelect } from '../../src/resources/team/RoleSelect';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';
import { optionTexts } from './dropdownHarness';
import { ConfirmProvider } from '../../src/custom/confirm/ConfirmProvider';

const teams = [
  {
    id: 1,
    name: 'Blue',
    role: [
      { id: 11, user_id: 1, role_id: 3, username: 'me' },
      { id: 12, user_id: 2, role_id: 1, username: 'bob' },
    ],
  },
  { id: 2, name: 'Red', role: [{ id: 21, user_id: 1, role_id: 1, username: 'me' }] },
];
/** Blue as a list answer carries it when its members were more than the server's bound (src/schemas/embeddedList.ts). */
let blueTotal: number | undefined;

const alert = vi.fn();
let calls: RecordedCall[];
let answerRole: (call: RecordedCall) => Response;

const authProvider: AuthProvider = {
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  // 'me' administers Blue only (GET /api/get_teams_where_user_is_admin/, src/dataProvider/authProvider.ts).
  getPermissions: async () => ({ isServerAdmin: false, teams: [], adminTeamIds: [1] }),
  getIdentity: async () => ({ id: 1, fullName: 'me' }),
};

beforeEach(() => {
  blueTotal = undefined;
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  answerRole = () => jsonResponse({ id: 99 }, 201);
  calls = installFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/full/team') return jsonResponse(blueTotal === undefined ? teams : [{ ...teams[0], role_total: blueTotal }, teams[1]], 200, { 'Content-Range': `team 0-1/2` });
    if (path === '/api/current_user') return jsonResponse({ id: 1, username: 'me', preferences: {}, is_server_admin: false, teams: [] });
    if (path.startsWith('/api/role')) return answerRole(call);
    if (path === '/api/team' && call.method === 'POST') return jsonResponse({ id: 3, name: 'Green' }, 201);
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
  localStorage.clear();
});

function renderTeams() {
  const route = deriveConsoleRoutes(categories).find((r) => r.path === '/teams')!;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} authProvider={authProvider} store={memoryStore()}>
            <ConfirmProvider>
              <RoutePage route={route} />
              <Notification />
            </ConfirmProvider>
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/teams'] },
  );
  render(<RouterProvider router={router} />);
}

const team = async (name: string) => within(await screen.findByRole('region', { name }));
const writes = () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname} ${JSON.stringify(c.body ?? null)}`);
const teamReads = () => calls.filter((c) => c.url.pathname === '/api/full/team').length;

describe('the teams page', () => {
  it("reads the teams with their members' usernames and roles in one paged call", async () => {
    renderTeams();
    const blue = await team('Blue');
    expect(blue.getByText('bob')).toBeTruthy();
    const read = calls.find((c) => c.url.pathname === '/api/full/team')!;
    expect(read.url.searchParams.get('fields')).toBe('id,name,role(id,user_id,role_id,username)');
    expect(JSON.parse(read.url.searchParams.get('range')!)).toEqual([0, 24]);
  });

  it('gives the admin of a team the roles dropdown; others read the role names only', async () => {
    renderTeams();
    const blue = await team('Blue');
    await waitFor(() => expect(blue.getByLabelText(ownMessages.roleOf('bob'))).toBeTruthy());
    expect((blue.getByLabelText(ownMessages.roleOf('bob')) as HTMLSelectElement).value).toBe('1');
    expect(blue.getByRole('button', { name: ownMessages.addMember })).toBeTruthy();

    const red = await team('Red');
    expect(red.getByText(roleLabel(ROLE.USER))).toBeTruthy();
    expect(red.queryByRole('combobox')).toBeNull();
    expect(red.queryByRole('button', { name: ownMessages.addMember })).toBeNull();
    expect(red.getByText(ownMessages.readOnlyTeam)).toBeTruthy();
  });

  it('says how many members a team has when the server sent only the first of them', async () => {
    blueTotal = 250;
    renderTeams();
    const blue = await team('Blue');
    expect(blue.getByText(ownMessages.membersCut(2, 250))).toBeTruthy();
    expect((await team('Red')).queryByText(ownMessages.membersCut(1, 1))).toBeNull();
  });

  it('adds a member by username with the chosen role, then reads the teams again', async () => {
    renderTeams();
    const blue = await team('Blue');
    await waitFor(() => expect(blue.getByLabelText(ownMessages.username)).toBeTruthy());
    const before = teamReads();
    fireEvent.change(blue.getByLabelText(ownMessages.username), { target: { value: ' carol ' } });
    fireEvent.change(blue.getByLabelText(ownMessages.role), { target: { value: '3' } });
    fireEvent.click(blue.getByRole('button', { name: ownMessages.addMember }));
    await waitFor(() => expect(writes()).toEqual(['POST /api/role {"team_id":1,"role_id":3,"username":"carol"}']));
    await waitFor(() => expect(teamReads()).toBeGreaterThan(before));
    await waitFor(() => expect((blue.getByLabelText(ownMessages.username) as HTMLInputElement).value).toBe(''));
  });

  it.each([
    ['no such user', 400, ownMessages.noSuchUser],
    ['already a member', 409, ownMessages.alreadyMember],
  ])("%s: the server's words under the username field and in the form's error list, the typed name kept", async (_case, status, text) => {
    answerRole = () => jsonResponse({ Description: text }, status);
    renderTeams();
    const blue = await team('Blue');
    await waitFor(() => expect(blue.getByLabelText(ownMessages.username)).toBeTruthy());
    fireEvent.change(blue.getByLabelText(ownMessages.username), { target: { value: 'bob' } });
    fireEvent.click(blue.getByRole('button', { name: ownMessages.addMember }));
    const field = blue.getByLabelText(ownMessages.username) as HTMLInputElement;
    await waitFor(() => expect(field.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(text);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(blue.getByTestId('object-form-errors')).getByRole('listitem').textContent).toBe(text);
    expect(field.value).toBe('bob');
    // In the form, not in an alert or snackbar.
    expect(alert).not.toHaveBeenCalled();

    // Another name: the refusal is gone.
    fireEvent.change(field, { target: { value: 'bobby' } });
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(blue.queryByTestId('object-form-errors')).toBeNull();
  });

  it('a refusal about something else (too many additions) is reported by the catalogue', async () => {
    answerRole = () => jsonResponse({ Description: ownMessages.tooManyInvitations }, 429);
    renderTeams();
    const blue = await team('Blue');
    await waitFor(() => expect(blue.getByLabelText(ownMessages.username)).toBeTruthy());
    fireEvent.change(blue.getByLabelText(ownMessages.username), { target: { value: 'carol' } });
    fireEvent.click(blue.getByRole('button', { name: ownMessages.addMember }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ownMessages.tooManyInvitations));
    expect(blue.queryByTestId('object-form-errors')).toBeNull();
    expect((blue.getByLabelText(ownMessages.username) as HTMLInputElement).value).toBe('carol');
  });

  it("changes a role with PUT /api/role/{id} {role_id}, then says 'Saved'", async () => {
    answerRole = () => jsonResponse({ id: 12, team_id: 1, user_id: 2, role_id: 2 });
    renderTeams();
    const blue = await team('Blue');
    await waitFor(() => expect(blue.getByLabelText(ownMessages.roleOf('bob'))).toBeTruthy());
    expect(screen.queryByText(ownMessages.roleSaved)).toBeNull();
    fireEvent.change(blue.getByLabelText(ownMessages.roleOf('bob')), { target: { value: '2' } });
    // Asked first: Cancel writes nothing and keeps the role shown.
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(ownMessages.confirmRoleChange('bob', 'Blue', roleLabel(ROLE.USER), roleLabel(ROLE.TEAMLEADER)))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);
    expect((blue.getByLabelText(ownMessages.roleOf('bob')) as HTMLSelectElement).value).toBe('1');
    fireEvent.change(blue.getByLabelText(ownMessages.roleOf('bob')), { target: { value: '2' } });
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: ownMessages.confirmRoleChangeLabel }));
    await waitFor(() => expect(writes()).toEqual(['PUT /api/role/12 {"role_id":2}']));
    expect(await screen.findByText(ownMessages.roleSaved)).toBeTruthy();
  });

  it('says nothing saved when the role change is refused', async () => {
    answerRole = () => jsonResponse({ Description: ownMessages.lastAdmin }, 409);
    renderTeams();
    const blue = await team('Blue');
    await waitFor(() => expect(blue.getByLabelText(ownMessages.roleOf('me'))).toBeTruthy());
    fireEvent.change(blue.getByLabelText(ownMessages.roleOf('me')), { target: { value: '1' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ownMessages.confirmRoleChangeLabel }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(ownMessages.lastAdmin));
    expect(screen.queryByText(ownMessages.roleSaved)).toBeNull();
  });

  it('removes a member with DELETE /api/role/{id} after a confirmation in the page', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    answerRole = () => jsonResponse(undefined, 204);
    renderTeams();
    const blue = await team('Blue');
    const remove = await waitFor(() => blue.getByRole('button', { name: ownMessages.removeMember('bob') }));
    fireEvent.click(remove);
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(ownMessages.confirmRemoveMember('bob', 'Blue'))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);
    fireEvent.click(remove);
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: ownMessages.confirmRemoveMemberLabel }));
    await waitFor(() => expect(writes()).toEqual(['DELETE /api/role/12 null']));
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it('names every column of the members table (no empty header)', async () => {
    renderTeams();
    const blue = await team('Blue');
    const headers = await waitFor(() => blue.getAllByRole('columnheader'));
    expect(headers.map((h) => h.textContent)).toEqual([ownMessages.username, ownMessages.role, ownMessages.memberActions]);
  });

  it("creates a team after checking its name with the schema's rule", async () => {
    renderTeams();
    await team('Blue');
    const name = screen.getByLabelText(ownMessages.newTeamName);
    fireEvent.change(name, { target: { value: 'bad/name' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.createTeam }));
    expect(await screen.findByText(messages.nameNotValid)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(name, { target: { value: 'Green' } });
    fireEvent.click(screen.getByRole('button', { name: ownMessages.createTeam }));
    await waitFor(() => expect(writes()).toEqual(['POST /api/team {"name":"Green"}']));
  });
});

describe('the roles dropdown', () => {
  it('is local: the values 0 to 3 read No access, Member, Team lead, Admin', () => {
    const onChange = vi.fn();
    render(<RoleSelect value={1} onChange={onChange} />);
    const select = screen.getByLabelText(ownMessages.role) as HTMLSelectElement;
    expect(optionTexts(select)).toEqual(['No access', 'Member', 'Team lead', 'Admin']);
    expect([...select.options].map((o) => o.value)).toEqual(['0', '1', '2', '3']);
    fireEvent.change(select, { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
