/** Making an API token on the profile page (src/custom/profile/NewTokenDialog.tsx): checked as the server checks, then shown once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { messages, ownMessages } from '../../src/messages';
import { TOKEN_MAX_DAYS } from '../../src/apiTokens';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { NewTokenDialog } from '../../src/custom/profile/NewTokenDialog';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const TOKEN = `pucs_4_${'a'.repeat(43)}`;
let calls: RecordedCall[];
let answer: () => Response;
const onMade = vi.fn();

beforeEach(() => {
  onMade.mockReset();
  answer = () => jsonResponse({ id: 4, token: TOKEN }, 201);
  calls = installFetch(() => answer());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderDialog = () =>
  render(
    <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
      <NewTokenDialog teams={[{ id: 1, name: 'North' }, { id: 2, name: 'South' }]} onMade={onMade} onClose={vi.fn()} />
    </AdminContext>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const make = () => fireEvent.click(screen.getByRole('button', { name: ownMessages.makeToken }));

describe('a new API token', () => {
  it('needs a name, a life of 1 to the most days, and a team when not all of them; sends nothing until then', async () => {
    renderDialog();
    type(ownMessages.tokenDays, String(TOKEN_MAX_DAYS + 1));
    fireEvent.click(screen.getByRole('checkbox', { name: ownMessages.tokenAllTeams }));
    make();
    expect(await screen.findByText(messages.nameEmpty)).toBeTruthy();
    expect(screen.getByText(ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS))).toBeTruthy();
    expect(screen.getByText(ownMessages.tokenTeamIds)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the chosen teams and read-only, then shows the token once', async () => {
    renderDialog();
    type(ownMessages.tokenName, ' deploy ');
    type(ownMessages.tokenDays, '30');
    fireEvent.click(screen.getByRole('checkbox', { name: ownMessages.tokenAllTeams }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'South' }));
    fireEvent.click(screen.getByRole('switch', { name: ownMessages.tokenReadOnlyLabel }));
    make();
    expect(await screen.findByText(TOKEN)).toBeTruthy();
    expect(screen.getByText(ownMessages.tokenShownOnce)).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([['POST', '/api/tokens', { name: 'deploy', expires_in_days: 30, read_only: true, team_ids: [2] }]]);
    expect(onMade).toHaveBeenCalledWith('deploy');
  });

  it("shows the server's refusal in the form", async () => {
    answer = () => jsonResponse({ Description: ownMessages.referenceNotFound('team_ids') }, 400);
    renderDialog();
    type(ownMessages.tokenName, 'deploy');
    make();
    expect(await screen.findByText(ownMessages.referenceNotFound('team_ids'))).toBeTruthy();
    expect(onMade).not.toHaveBeenCalled();
  });
});
