/**
 * The type's Delete button against a fake /api: the counts read first, the in-page question with
 * the counts and the type's name to type, ONE DELETE ?cascade=true stating the counts shown with a
 * spinner while it runs, a refusal reported by the catalogue (refresh, no onDeleted), content
 * changed meanwhile (409) said in the page with the new counts, and the plain question and delete
 * of an empty type. Its lists are the generic panel's (tests/unit/reverseLists.test.tsx).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { createDataProvider } from '../../dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../dataProvider/errors';
import { ConfirmProvider } from '../../custom/confirm/ConfirmProvider';
import { installFetch, jsonResponse, type RecordedCall } from '../../../tests/unit/fetchMock';
import { TypeDeleteButton } from './TypeDeleteButton';

const category = mustGetCategory('type');
const sensor = { id: 3, name: 'Sensor' };
/** What the fake server counts per list, by category. */
let totals: Record<string, number>;
let calls: RecordedCall[];
let refuse: boolean;
/** Answers the next DELETE instead of the fake server's usual answer. */
let nextDelete: (() => Response) | undefined;
let release: (() => void) | undefined;
const alert = vi.fn();

beforeEach(() => {
  totals = { device: 80, devices_group: 1, firmware: 1 };
  refuse = false;
  nextDelete = undefined;
  release = undefined;
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  calls = installFetch(async ({ url, method }) => {
    const cat = url.pathname.split('/').at(-1)!;
    if (method === 'GET') return jsonResponse(totals[cat] ? [{ id: 1 }] : [], 200, { 'Content-Range': `${cat} 0-0/${totals[cat]}` });
    if (refuse) return jsonResponse({ Description: "The firmware 'core' is in use." }, 409);
    const answer = nextDelete;
    nextDelete = undefined;
    if (answer) return answer();
    if (release) await new Promise<void>((r) => (release = r));
    return jsonResponse({ id: 3 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetErrorUi();
});

function renderButton(record = sensor) {
  const onDeleted = vi.fn();
  const refresh = vi.fn();
  render(
    <CoreAdminContext dataProvider={createDataProvider()}>
      <ConfirmProvider>
        <TypeDeleteButton category={category} record={record} onDeleted={onDeleted} refresh={refresh} />
      </ConfirmProvider>
    </CoreAdminContext>,
  );
  fireEvent.click(screen.getByRole('button', { name: messages.deleteTypeAndContent }));
  return { onDeleted, refresh };
}

const deletes = () => calls.filter((c) => c.method === 'DELETE').map((c) => `${c.url.pathname}${c.url.search}`);

async function confirmTyping(name: string) {
  const dialog = await screen.findByRole('dialog');
  const button = within(dialog).getByRole('button', { name: messages.delete });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: name } });
  expect((button as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(button);
}

describe('TypeDeleteButton', () => {
  it("with content: the spec's question with the counts, the name typed, then one DELETE ?cascade=true", async () => {
    const { onDeleted } = renderButton();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(messages.confirmDeleteType('Sensor'));
    expect(dialog.textContent).toContain(ownMessages.willBeDeleted('80 devices, 1 group and 1 firmware'));
    // Counted by the server, filtered by the type: a page of one row each.
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url.pathname).sort()).toEqual(['/api/full/device', '/api/full/devices_group', '/api/full/firmware']);
    expect(deletes()).toEqual([]);
    await confirmTyping('Sensor');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    // Bound to the counts shown: the server deletes nothing if they changed meanwhile.
    expect(deletes()).toEqual(['/api/type/3?cascade=true&expect_device=80&expect_devices_group=1&expect_firmware=1']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('content changed while the question was open (409): said in the page, counted again, asked again', async () => {
    const changed = ownMessages.contentNotAsCounted('type', 'Sensor', [ownMessages.countNotExpected('Devices', 81, 80)]);
    nextDelete = () => {
      totals = { ...totals, device: 81 };
      return jsonResponse({ Description: changed }, 409);
    };
    const { onDeleted, refresh } = renderButton();
    await confirmTyping('Sensor');
    // The next question says what the server said, with the new counts; the name is typed again.
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain(ownMessages.willBeDeleted('81 devices, 1 group and 1 firmware')));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(changed);
    expect(dialog.textContent).toContain(messages.confirmDeleteType('Sensor'));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    await confirmTyping('Sensor');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes()).toEqual([
      '/api/type/3?cascade=true&expect_device=80&expect_devices_group=1&expect_firmware=1',
      '/api/type/3?cascade=true&expect_device=81&expect_devices_group=1&expect_firmware=1',
    ]);
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows a spinner while the one call runs, the button disabled', async () => {
    release = () => {};
    const { onDeleted } = renderButton();
    await confirmTyping('Sensor');
    expect((await screen.findByRole('status')).textContent).toBe(ownMessages.deletingWithContent('Sensor'));
    expect((screen.getByRole('button', { name: messages.deleteTypeAndContent }) as HTMLButtonElement).disabled).toBe(true);
    release!();
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
  });

  it('a refusal: the catalogue reports it, the type is read again, nothing else is sent', async () => {
    refuse = true;
    const { onDeleted, refresh } = renderButton();
    await confirmTyping('Sensor');
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(alert).toHaveBeenCalledWith("The firmware 'core' is in use.");
    expect(deletes()).toEqual(['/api/type/3?cascade=true&expect_device=80&expect_devices_group=1&expect_firmware=1']);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does nothing when the question is cancelled', async () => {
    const { onDeleted } = renderButton();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: messages.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("without content: the spec's label, the plain question, a plain DELETE", async () => {
    totals = { device: 0, devices_group: 0, firmware: 0 };
    const { onDeleted } = renderButton({ id: 4, name: 'Bare' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(messages.confirmDelete('Bare'));
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.delete }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(deletes()).toEqual(['/api/type/4']);
  });
});
