/**
 * The type's Delete button against a fake /api: the label and question with and without content,
 * the DELETE calls in order with progress, the stop at the first failure (alert through the
 * catalogue, refresh, no onDeleted). Its lists are the generic panel's (tests/unit/reverseLists.test.tsx).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { resetErrorUi, setErrorUi } from '../../dataProvider/errors';
import { installFetch, jsonResponse, type RecordedCall } from '../../../tests/unit/fetchMock';
import { TypeDeleteButton } from './TypeDeleteButton';

const category = mustGetCategory('type');
const withContent = {
  id: 3,
  name: 'Sensor',
  firmware: [{ id: 30, name: 'core', version: '1.0.0' }],
  devices_group: [{ id: 20, name: 'Field' }],
  device: [
    { id: 10, name: 'd1' },
    { id: 11, name: 'd2' },
  ],
};
const empty = { id: 4, name: 'Bare', firmware: [], devices_group: [], device: [] };

let calls: RecordedCall[];
let failOn: string | undefined;
let release: (() => void) | undefined;
const alert = vi.fn();

beforeEach(() => {
  failOn = undefined;
  release = undefined;
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  calls = installFetch(async ({ url }) => {
    if (url.pathname === failOn) return jsonResponse({ Description: 'The group is still in use.' }, 409);
    if (release) await new Promise<void>((r) => (release = r));
    return jsonResponse({ id: 1 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderButton(record: typeof withContent | typeof empty) {
  const onDeleted = vi.fn();
  const refresh = vi.fn();
  render(<TypeDeleteButton category={category} record={record} onDeleted={onDeleted} refresh={refresh} />);
  return { onDeleted, refresh };
}

describe('TypeDeleteButton', () => {
  it('with content: names the cascade, asks the type question, deletes devices, groups, firmwares, the type', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { onDeleted } = renderButton(withContent);
    fireEvent.click(screen.getByRole('button', { name: messages.deleteTypeAndContent }));
    expect(confirm).toHaveBeenCalledWith(messages.confirmDeleteType('Sensor'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'DELETE /api/device/10',
      'DELETE /api/device/11',
      'DELETE /api/devices_group/20',
      'DELETE /api/firmware/30',
      'DELETE /api/type/3',
    ]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the progress while it runs', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    release = () => {};
    renderButton(withContent);
    fireEvent.click(screen.getByRole('button', { name: messages.deleteTypeAndContent }));
    expect(await screen.findByText(ownMessages.deletingProgress(1, 5))).toBeTruthy();
    expect((screen.getByRole('button', { name: messages.deleteTypeAndContent }) as HTMLButtonElement).disabled).toBe(true);
    release!();
    expect(await screen.findByText(ownMessages.deletingProgress(2, 5))).toBeTruthy();
  });

  it('stops at the first failure: the catalogue alerts, nothing more is deleted, the type is read again', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    failOn = '/api/devices_group/20';
    const { onDeleted, refresh } = renderButton(withContent);
    fireEvent.click(screen.getByRole('button', { name: messages.deleteTypeAndContent }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(alert).toHaveBeenCalledWith('The group is still in use.');
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/device/10', '/api/device/11', '/api/devices_group/20']);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does nothing when the question is refused', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { onDeleted } = renderButton(withContent);
    fireEvent.click(screen.getByRole('button', { name: messages.deleteTypeAndContent }));
    expect(calls).toHaveLength(0);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("without content: the spec's label, and the plain question", async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { onDeleted } = renderButton(empty);
    fireEvent.click(screen.getByRole('button', { name: messages.deleteTypeAndContent }));
    expect(confirm).toHaveBeenCalledWith(messages.confirmDelete('Bare'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['DELETE /api/type/4']);
  });
});
