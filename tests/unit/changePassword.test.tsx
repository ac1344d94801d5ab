/** The own password change of the user menu (src/custom/layout/ChangePasswordDialog.tsx). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { messages, ownMessages } from '../../src/messages';
import { MIN_PASSWORD } from '../../src/schemas/passwordRules';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { ChangePasswordDialog } from '../../src/custom/layout/ChangePasswordDialog';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const alert = vi.fn();
let calls: RecordedCall[];
let answer: () => Response;
const onClose = vi.fn();

beforeEach(() => {
  alert.mockReset();
  onClose.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  answer = () => jsonResponse({ id: 7, username: 'operator.one', preferences: {} });
  calls = installFetch(() => answer());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

const renderDialog = () =>
  render(
    <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
      <ChangePasswordDialog userId={7} username="operator.one" onClose={onClose} />
    </AdminContext>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: messages.submit }));

describe('changing one’s own password', () => {
  it('shows the length and username rules under the new password as it is typed, and sends nothing then', async () => {
    renderDialog();
    type(ownMessages.newPassword, 'short');
    expect(screen.getByText(ownMessages.passwordTooShort(MIN_PASSWORD))).toBeTruthy();
    type(ownMessages.newPassword, 'Operator.One');
    expect(screen.getByText(ownMessages.passwordIsUsername)).toBeTruthy();
    type(ownMessages.currentPassword, 'my old password');
    submit();
    await waitFor(() => expect(screen.getByText(ownMessages.passwordIsUsername)).toBeTruthy());
    expect(calls).toEqual([]);
  });

  it('asks for the current password', async () => {
    renderDialog();
    type(ownMessages.newPassword, 'a brand new password');
    submit();
    expect(await screen.findByText(ownMessages.currentPasswordMissing)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the new and the current password to PUT /api/user/{own id}, then closes', async () => {
    renderDialog();
    type(ownMessages.currentPassword, 'my old password');
    type(ownMessages.newPassword, 'a brand new password');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/api/user/7', { password: 'a brand new password', current_password: 'my old password' }],
    ]);
  });

  it('shows the server’s answer under the field it is about', async () => {
    answer = () => jsonResponse({ Description: ownMessages.currentPasswordWrong }, 403);
    renderDialog();
    type(ownMessages.currentPassword, 'not my password');
    type(ownMessages.newPassword, 'a brand new password');
    submit();
    const wrong = await screen.findByText(ownMessages.currentPasswordWrong);
    expect(wrong.closest('.MuiFormControl-root')?.querySelector('input')?.getAttribute('autocomplete')).toBe('current-password');

    answer = () => jsonResponse({ Description: ownMessages.passwordCommon }, 400);
    submit();
    const common = await screen.findByText(ownMessages.passwordCommon);
    expect(common.closest('.MuiFormControl-root')?.querySelector('input')?.getAttribute('autocomplete')).toBe('new-password');
    expect(onClose).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });
});
