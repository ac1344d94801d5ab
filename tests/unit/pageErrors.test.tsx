import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { PageNotification } from '../../src/custom/errors/PageNotification';
import { HttpError } from '../../src/dataProvider/http';
import { reportError, resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { messages, ownMessages } from '../../src/messages';

const goHome = vi.fn();
const windowAlert = vi.spyOn(window, 'alert');

beforeEach(() => {
  resetErrorUi();
  goHome.mockReset();
  windowAlert.mockReset().mockImplementation(() => undefined);
  setErrorUi({ goHome });
});
afterEach(() => resetErrorUi());

const page = () =>
  render(
    <AdminContext>
      <PageNotification />
    </AdminContext>,
  );

describe('the error catalogue shows its texts in the page (issue 13 item 5)', () => {
  it('a failure is an error snackbar, with the extra message on its own line, never a browser alert', async () => {
    page();
    act(() => void reportError(new HttpError('Conflict', 409, { Description: 'The name Foo is not unique.' }), { extra: messages.customLabelFailure }));
    const shown = await screen.findByTestId('page-error');
    expect(shown.textContent).toBe(`The name Foo is not unique.\n${messages.customLabelFailure}`);
    expect(windowAlert).not.toHaveBeenCalled();
  });

  it('a newer failure replaces the one shown, which stays until closed', async () => {
    page();
    act(() => void reportError(new HttpError('x', 400, { Description: 'First' })));
    expect((await screen.findByTestId('page-error')).textContent).toBe('First');
    act(() => void reportError(new HttpError('x', 400, { Description: 'Second' })));
    await vi.waitFor(() => expect(screen.getByTestId('page-error').textContent).toBe('Second'));
    fireEvent.click(within(screen.getByTestId('page-error')).getByRole('button'));
    await vi.waitFor(() => expect(screen.queryByTestId('page-error')).toBeNull());
  });

  it('a failure before the page was up is shown once it is', async () => {
    act(() => void reportError(new HttpError('x', 409, { Description: 'The value is not unique: device_uid_per_type_key.' })));
    page();
    expect(await screen.findByText(messages.uidNotUniquePerType)).toBeTruthy();
  });

  it('401: the sign-in notice is read in the page, then the home page', async () => {
    page();
    act(() => void reportError(new HttpError('Unauthorized', 401, null)));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(messages.pleaseSignIn);
    expect(goHome).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: ownMessages.ok })));
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
    expect(windowAlert).not.toHaveBeenCalled();
  });
});
