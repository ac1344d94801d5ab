/**
 * A firmware's 'Is the target of' and 'Is currently on' tables (ReverseListTable over the
 * firmware's declared lists): each page asked from the server with the list's filter, the total,
 * the next page, names linking to the devices, and the CSV export with the same plain filter.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type DataProvider, type GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { reverseListTablesPanel } from '../../src/resources/list/ReverseListTable';
import { installFetch } from './fetchMock';

const firmware = mustGetCategory('firmware');
const devices = Array.from({ length: 13 }, (_, i) => ({ id: 100 + i, name: `Probe ${String(i).padStart(2, '0')}` }));

afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  const asked: GetListParams[] = [];
  const getList = (_resource: string, params: GetListParams) => {
    asked.push(params);
    const { page, perPage } = params.pagination!;
    const rows = 'current_firmware_id' in params.filter ? devices.slice(0, 1) : devices;
    return Promise.resolve({ data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length });
  };
  const dataProvider = { getList } as unknown as DataProvider;
  const Panel = reverseListTablesPanel(['is_target_of', 'is_currently_on']);
  render(
    <AdminContext dataProvider={dataProvider}>
      <Panel category={firmware} record={{ id: 5 }} mode="view" isAdmin refresh={() => undefined} />
    </AdminContext>,
  );
  return asked;
}

describe("a firmware's tables of devices", () => {
  it('reads one page of each list from the server, filtered on the firmware, with its total and the next page', async () => {
    const asked = renderPanel();
    const target = screen.getByRole('region', { name: messages.isTargetOf });
    await waitFor(() => expect(within(target).getAllByRole('link')).toHaveLength(10));
    expect(within(target).getByRole('link', { name: 'Probe 00' }).getAttribute('href')).toMatch(/\/device_view\?id=100$/);
    expect(within(target).getByText('1–10 of 13')).toBeTruthy();
    const current = screen.getByRole('region', { name: messages.isCurrentlyOn });
    await waitFor(() => expect(within(current).getAllByRole('link').map((a) => a.textContent)).toEqual(['Probe 00']));
    expect(asked.map((p) => p.filter)).toEqual(expect.arrayContaining([{ target_firmware_id: 5 }, { current_firmware_id: 5 }]));
    expect(asked.every((p) => p.pagination?.perPage === 10)).toBe(true);

    fireEvent.click(within(target).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(target).getAllByRole('link').map((a) => a.textContent)).toEqual(['Probe 10', 'Probe 11', 'Probe 12']));
    expect(within(target).getByText('11–13 of 13')).toBeTruthy();
  });

  it("exports each list's CSV with its plain filter and a cache-busting r", async () => {
    const calls = installFetch(() => new Response('id,name\r\n', { headers: { 'content-disposition': 'attachment; filename="device.csv"' } }));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    renderPanel();
    const current = screen.getByRole('region', { name: messages.isCurrentlyOn });
    fireEvent.click(within(current).getByRole('button', { name: ownMessages.exportCsv }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const url = calls[0].url;
    expect(url.pathname).toBe('/api/download/csv_export/device');
    expect(url.searchParams.get('current_firmware_id')).toBe('5');
    expect(url.searchParams.get('r')).toBeTruthy();
  });
});
