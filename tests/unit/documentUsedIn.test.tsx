/**
 * 'Used in' on a document's view (spec section 2 'Document form'): the types, firmwares, groups
 * and devices of the document's `used_in`, each under its heading and linking to its view page;
 * one line when nothing uses it; nothing outside view mode.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { UsedInPanel } from '../../src/resources/basic_document/UsedInPanel';
import type { ObjectMode } from '../../src/resources/consoleRoutes';

const used_in = {
  type: [{ id: 3, name: 'Sensor' }],
  firmware: [{ id: 30, name: 'core', version: '1.2.0' }],
  devices_group: [{ id: 20, name: 'Field' }],
  device: [
    { id: 10, name: 'd1' },
    { id: 11, name: 'd2' },
  ],
};
const unused = { type: [], firmware: [], devices_group: [], device: [] };

const renderPanel = (usedIn: unknown, mode: ObjectMode = 'view') =>
  render(
    <MemoryRouter>
      <UsedInPanel category={mustGetCategory('basic_document')} record={{ id: 5, name: 'Manual', used_in: usedIn }} mode={mode} isAdmin refresh={vi.fn()} />
    </MemoryRouter>,
  );

describe("a document's 'Used in'", () => {
  it('lists its types, firmwares, groups and devices under their headings, each linking to its view page', () => {
    renderPanel(used_in);
    const panel = screen.getByRole('region', { name: ownMessages.usedIn });
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Types', 'Firmwares', 'Groups', 'Devices']);
    const href = (list: string, name: string) => within(screen.getByRole('region', { name: list })).getByRole('link', { name }).getAttribute('href');
    expect(href('Types', 'Sensor')).toBe('/type_view?id=3');
    expect(href('Firmwares', messages.firmwareOption('core', '1.2.0'))).toBe('/firmware_view?id=30');
    expect(href('Groups', 'Field')).toBe('/group_view?id=20');
    expect(within(screen.getByRole('region', { name: 'Devices' })).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/device_view?id=10',
      '/device_view?id=11',
    ]);
    expect(screen.queryByText(ownMessages.notUsed)).toBeNull();
  });

  it('says how many objects of a list the server cut it does not name (src/schemas/embeddedList.ts)', () => {
    renderPanel({ ...used_in, device_total: 12_000 });
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(within(devices).getAllByRole('link')).toHaveLength(2);
    expect(within(devices).getByText(ownMessages.moreNotShown(11_998))).toBeTruthy();
  });

  it('says in one line that nothing uses it, and shows only the lists that hold something', () => {
    renderPanel(unused);
    expect(screen.getByText(ownMessages.notUsed)).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
    document.body.innerHTML = '';
    renderPanel({ ...unused, device: [{ id: 10, name: 'd1' }] });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Devices']);
    expect(screen.queryByText(ownMessages.notUsed)).toBeNull();
  });

  it('is shown on the view only', () => {
    renderPanel(used_in, 'edit');
    expect(screen.queryByRole('region', { name: ownMessages.usedIn })).toBeNull();
  });
});
