/**
 * Printing the labels of devices selected in the devices table, against a fake /api: the table
 * has a checkbox column only where its category declares bulk actions; 'Print labels' asks one
 * A4 sheet per 36 devices, puts each sheet as an image in the print frame and prints it; a failed
 * sheet stops the printing with the server's Description.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AdminContext, ListContextProvider, memoryStore, type ListControllerResult } from 'react-admin';
import { categories, mustGetCategory } from '../../src/schemas';
import { ownMessages } from '../../src/messages';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { i18nProvider } from '../../src/i18n';
import { deriveConsoleRoutes } from '../../src/resources/consoleRoutes';
import { ListPage } from '../../src/resources/ListPage';
import { PrintLabelsButton } from '../../src/resources/device/PrintLabelsButton';
import { PRINT_FRAME_ID } from '../../src/resources/device/printSheets';
import { jsonResponse, type RecordedCall } from './fetchMock';
import { installFakeApi } from './listFakeApi';

const objects = {
  team: [{ id: 1, name: 'Blue' }],
  type: [{ id: 10, name: 'Sensor', team_id: 1, name_of_uid: 'Serial' }],
  device: Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `Device ${i + 1}`, team_id: 1, type_id: 10, uid_for_type: `U${i + 1}` })),
  firmware: [{ id: 30, name: 'fw', team_id: 1, type_id: 10, version: '1.2.0', is_disabled: 0 }],
};

const routes = deriveConsoleRoutes(categories);
const savedUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const alert = vi.fn();
let calls: RecordedCall[];
let sheetAnswer: (n: number) => Response;

const sheet = () => new Response('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"/>', { headers: { 'content-type': 'image/svg+xml' } });

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:sheet-${++n}`);
  URL.revokeObjectURL = vi.fn();
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
  sheetAnswer = sheet;
  let sheets = 0;
  calls = installFakeApi(objects, (call) => (call.url.pathname === '/api/download/label_sheet' ? sheetAnswer(++sheets) : undefined));
});
afterEach(() => {
  cleanup();
  document.getElementById(PRINT_FRAME_ID)?.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetErrorUi();
  localStorage.clear();
  URL.createObjectURL = savedUrl.create;
  URL.revokeObjectURL = savedUrl.revoke;
});

function renderList(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
            <ListPage route={routes.find((r) => r.path === path)!} />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const sheetCalls = () => calls.filter((c) => c.url.pathname === '/api/download/label_sheet');
const checkboxes = () => document.querySelectorAll('tbody input[type="checkbox"]');

/** Waits for the print frame, lets its images "load" (jsdom loads none) and returns its print spy. */
async function framePrinted() {
  const frame = await waitFor(() => {
    const found = document.getElementById(PRINT_FRAME_ID) as HTMLIFrameElement | null;
    expect(found?.srcdoc).toBeTruthy();
    return found!;
  });
  const print = vi.spyOn(frame.contentWindow!, 'print').mockImplementation(() => {});
  fireEvent.load(frame);
  await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  return new DOMParser().parseFromString(frame.srcdoc, 'text/html');
}

describe('printing the labels of selected devices', () => {
  it('selects devices in the checkbox column and prints their sheet as an image on an A4 page', async () => {
    renderList('/devices');
    await screen.findByText('Device 3');
    expect(checkboxes()).toHaveLength(3);
    fireEvent.click(checkboxes()[0]);
    fireEvent.click(checkboxes()[2]);
    fireEvent.click(await screen.findByRole('button', { name: ownMessages.printLabels }));

    const printed = await framePrinted();
    expect(sheetCalls()).toHaveLength(1);
    expect(sheetCalls()[0].method).toBe('POST');
    expect(sheetCalls()[0].body).toEqual({ device_ids: [1, 3] });
    expect([...printed.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['blob:sheet-1']);
    expect(printed.querySelector('style')?.textContent).toContain('@page{size:A4');
    expect(printed.querySelector('svg, script')).toBeNull();

    // Unselecting forgets the selection.
    fireEvent.click(screen.getByRole('button', { name: 'Unselect' }));
    await waitFor(() => expect([...checkboxes()].filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0));
  });

  it('offers no selection where the category declares no bulk action', async () => {
    renderList('/firmwares');
    const row = await screen.findByText('fw');
    expect(within(row.closest('table')!).queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('PrintLabelsButton', () => {
  const category = mustGetCategory('device');
  const withSelection = (selectedIds: number[]) =>
    render(
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <ListContextProvider value={{ selectedIds, onUnselectItems: () => {} } as unknown as ListControllerResult}>
          <PrintLabelsButton category={category} />
        </ListContextProvider>
      </AdminContext>,
    );
  const ids = Array.from({ length: 80 }, (_, i) => i + 1);

  it('asks one sheet per 36 devices, showing which one it waits for, and prints them all, one A4 page each', async () => {
    let release = () => {};
    const secondSheet = new Promise<void>((resolve) => (release = resolve));
    // The second sheet's body comes once released: the button waits on it meanwhile.
    const slowBody = new ReadableStream<Uint8Array>({
      start: (controller) => void secondSheet.then(() => controller.close()),
    });
    sheetAnswer = (n) => (n === 2 ? new Response(slowBody, { headers: { 'content-type': 'image/svg+xml' } }) : sheet());
    withSelection(ids);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.printLabels }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ownMessages.printLabelsProgress(2, 3)));
    expect(sheetCalls()).toHaveLength(2);
    release();
    const printed = await framePrinted();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(sheetCalls().map((c) => c.body)).toEqual([
      { device_ids: ids.slice(0, 36) },
      { device_ids: ids.slice(36, 72) },
      { device_ids: ids.slice(72) },
    ]);
    expect(printed.querySelectorAll('img')).toHaveLength(3);
  });

  it('one sheet too: disabled, saying so, from the click until the print dialog; a double click prints once', async () => {
    withSelection([1, 2]);
    const button = screen.getByRole('button', { name: ownMessages.printLabels });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ownMessages.printLabelsProgress(1, 1)));
    expect(button.hasAttribute('disabled')).toBe(true);
    // The sheet is there, the print frame still loading its image: not done yet.
    await waitFor(() => expect(document.getElementById(PRINT_FRAME_ID)).not.toBeNull());
    expect(button.hasAttribute('disabled')).toBe(true);
    await framePrinted();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('status')).toBeNull();
    expect(sheetCalls()).toHaveLength(1);
  });

  it('stops at the first failed sheet with its Description, printing nothing', async () => {
    sheetAnswer = (n) => (n === 2 ? jsonResponse({ Description: 'Device 40 does not exist.' }, 400) : sheet());
    withSelection(ids);
    fireEvent.click(screen.getByRole('button', { name: ownMessages.printLabels }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Device 40 does not exist.'));
    expect(sheetCalls()).toHaveLength(2);
    expect(document.getElementById(PRINT_FRAME_ID)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: ownMessages.printLabels }).hasAttribute('disabled')).toBe(false));
  });
});
