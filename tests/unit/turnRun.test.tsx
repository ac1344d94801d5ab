/**
 * useTurnRun (the progress of bulk actions and of the group's Add devices dialog): a refusal stops
 * the run and is said in its outcome; a 401 meanwhile is also spec section 8's: the sign-in notice,
 * then the home page, as for any other call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useTurnRun } from '../../src/resources/list/useTurnRun';
import { HttpError } from '../../src/dataProvider/http';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { messages } from '../../src/messages';

afterEach(() => {
  cleanup();
  resetErrorUi();
});

const job = (error: unknown) => ({
  items: ['a', 'b', 'c'],
  step: async ([item]: readonly string[]) => {
    if (item === 'b') throw error;
  },
  nameOf: (item: string) => item,
});

describe('useTurnRun', () => {
  it('a 401 stops the run and goes home after the sign-in notice', async () => {
    const ui = { alert: vi.fn(), notice: vi.fn(), goHome: vi.fn() };
    setErrorUi(ui);
    const { result } = renderHook(() => useTurnRun());
    let done = -1;
    await act(async () => {
      done = (await result.current.run(job(new HttpError('Unauthorized', 401, {})))).done;
    });
    expect(done).toBe(1);
    expect(ui.notice).toHaveBeenCalledWith(messages.pleaseSignIn);
    expect(ui.goHome).toHaveBeenCalled();
  });

  it('another refusal is said in the outcome only, nothing else shown', async () => {
    const ui = { alert: vi.fn(), notice: vi.fn(), goHome: vi.fn() };
    setErrorUi(ui);
    const { result } = renderHook(() => useTurnRun());
    await act(async () => {
      await result.current.run(job(new HttpError('Bad', 400, { Description: 'No.' })));
    });
    expect(result.current.finished).toBe(true);
    expect(ui.notice).not.toHaveBeenCalled();
    expect(ui.alert).not.toHaveBeenCalled();
    expect(ui.goHome).not.toHaveBeenCalled();
  });
});
