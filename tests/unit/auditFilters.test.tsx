/**
 * The Audit page's filters live in the address: two changed before the page draws again (a day
 * typed, the next pasted at once, as a fast user or a test does) both stay in it.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { profileStore, type Profile } from '../../src/dataProvider/profile';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { AuditPage } from '../../src/custom/audit/AuditPage';
import { installFetch, jsonResponse } from './fetchMock';

const profile: Profile = { id: 1, username: 'alice', preferences: {}, is_server_admin: false, teams: [{ id: 1, name: 'First team', role_id: 3 }], audit_team_ids: [1] };

afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

it('two day filters set one right after the other both reach the address', async () => {
  setErrorUi({ alert: vi.fn(), goHome: vi.fn() });
  installFetch(({ url }) => {
    if (url.pathname === '/api/current_user') return jsonResponse(profile);
    return jsonResponse([], 200, { 'Content-Range': 'audit 0-0/0' });
  });
  await profileStore.load();
  const router = createMemoryRouter(
    [{ path: '*', element: <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}><AuditPage /></AdminContext> }],
    { initialEntries: ['/audit?category=device'] },
  );
  render(<RouterProvider router={router} />);
  const from = await screen.findByLabelText(ownMessages.auditFrom);
  const to = screen.getByLabelText(ownMessages.auditTo);
  act(() => {
    fireEvent.change(from, { target: { value: '29/11/2026' } });
    fireEvent.change(to, { target: { value: '30/11/2026' } });
  });
  await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-11-30'));
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ category: 'device', from: '2026-11-29', to: '2026-11-30' });

  // Back two steps, to the address before both: the boxes and the next filter start from it, not from the last write.
  await act(() => router.navigate(-2));
  await vi.waitFor(() => expect(router.state.location.search).toBe('?category=device'));
  act(() => {
    fireEvent.change(screen.getByLabelText(ownMessages.auditTo), { target: { value: '01/12/2026' } });
  });
  await vi.waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ category: 'device', to: '2026-12-01' }));
});
