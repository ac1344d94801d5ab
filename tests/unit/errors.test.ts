/** @vitest-environment jsdom */
// These tests use the browser's document and window; the other .ts unit tests run without a DOM (faster).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { HttpError, ServerUnreachableError } from '../../src/dataProvider/http';
import { errorMessage, reportError, resetErrorUi, setErrorUi, takeWaiting } from '../../src/dataProvider/errors';

const alert = vi.fn();
const goHome = vi.fn();

beforeEach(() => {
  resetErrorUi();
  alert.mockReset();
  goHome.mockReset();
  setErrorUi({ alert, goHome });
});
afterEach(() => resetErrorUi());

const httpError = (status: number, body: unknown, message = 'HTTP error') => new HttpError(message, status, body);

describe('error catalogue (spec section 8)', () => {
  it('401: alerts the sign-in message, then goes to the home page', () => {
    const shown = reportError(httpError(401, { Description: 'Sign-in required.' }));
    expect(shown).toBe(messages.pleaseSignIn);
    expect(alert).toHaveBeenCalledWith('Please sign in before accessing this page.');
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(alert.mock.invocationCallOrder[0]).toBeLessThan(goHome.mock.invocationCallOrder[0]);
  });

  it('401 from several calls at once alerts only once', () => {
    reportError(httpError(401, null));
    reportError(httpError(401, null));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it("shows the response's Description when present", () => {
    reportError(httpError(409, { Description: 'The name Foo is not unique.' }, 'Conflict'));
    expect(alert).toHaveBeenCalledWith('The name Foo is not unique.');
    expect(goHome).not.toHaveBeenCalled();
  });

  it('shows the error text when there is no Description', () => {
    reportError(httpError(500, 'plain text', 'Internal Server Error'));
    expect(alert).toHaveBeenCalledWith('Internal Server Error');
    reportError(new TypeError('Failed to fetch'));
    expect(alert).toHaveBeenLastCalledWith('Failed to fetch');
    reportError('something odd');
    expect(alert).toHaveBeenLastCalledWith('something odd');
  });

  it('an unreachable server: a read leaves it to the page banner, a change says it was not made', () => {
    expect(reportError(new ServerUnreachableError('GET'))).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    expect(errorMessage(new ServerUnreachableError('GET'))).toBe(ownMessages.serverUnreachable);
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(reportError(new ServerUnreachableError(method), { extra: messages.customLabelFailure })).toBe(ownMessages.serverUnreachableNotChanged);
      expect(alert).toHaveBeenLastCalledWith(ownMessages.serverUnreachableNotChanged);
    }
    expect(goHome).not.toHaveBeenCalled();
  });

  it("a change a proxy passed on and timed out on (504) is not said to have changed nothing: the server may have made it", () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(errorMessage(new ServerUnreachableError(method, undefined, 504))).toBe(ownMessages.serverUnreachableMaybeChanged);
      // A network error or a proxy that reached no server: nothing was changed.
      for (const status of [undefined, 502, 503]) expect(errorMessage(new ServerUnreachableError(method, undefined, status))).toBe(ownMessages.serverUnreachableNotChanged);
    }
    expect(reportError(new ServerUnreachableError('GET', undefined, 504))).toBeUndefined();
  });

  it('ignores an empty Description', () => {
    reportError(httpError(400, { Description: '' }, 'Bad Request'));
    expect(alert).toHaveBeenCalledWith('Bad Request');
  });

  it('appends the extra message on a new line', () => {
    reportError(httpError(400, { Description: 'Template error' }), { extra: messages.customLabelFailure });
    expect(alert).toHaveBeenCalledWith(`Template error\n${messages.customLabelFailure}`);
  });

  it('replaces a Description naming the uid-per-type constraint with the spec sentence', () => {
    reportError(httpError(409, { Description: 'The value is not unique: device_uid_per_type_key.' }));
    expect(alert).toHaveBeenCalledWith('The UID provided is not unique per selected type. Please enter a unique UID.');
  });

  it('shows nothing for an aborted request', () => {
    expect(reportError(new DOMException('The operation was aborted.', 'AbortError'))).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    expect(goHome).not.toHaveBeenCalled();
  });

  it('errorMessage gives the text without showing it', () => {
    expect(errorMessage(httpError(404, { Description: 'Not found.' }), 'More')).toBe('Not found.\nMore');
    expect(errorMessage(new DOMException('x', 'AbortError'))).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
  });

  it('never uses window.alert: what fails before the page shows it waits for the page', () => {
    resetErrorUi();
    const windowAlert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    reportError(httpError(400, { Description: 'Bad' }));
    expect(windowAlert).not.toHaveBeenCalled();
    expect(takeWaiting()).toEqual([{ text: 'Bad' }]);
    windowAlert.mockRestore();
  });

  it('401 waits until its notice was read before going home', async () => {
    let read = () => {};
    setErrorUi({ notice: () => new Promise<void>((resolve) => (read = resolve)) });
    reportError(httpError(401, null));
    expect(goHome).not.toHaveBeenCalled();
    read();
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
  });
});
