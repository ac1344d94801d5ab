/**
 * The generic panel of declared reverse lists (src/resources/object/ReverseListsPanel.tsx): a
 * type's firmwares, groups and devices, a firmware's lists by their declared headings, two
 * lists of one category without headings told apart, the cap with its link to the filtered
 * list, None for an empty list, nothing outside view mode or for a list an override shows itself.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { ReverseListsPanel, SHOWN_MAX } from '../../src/resources/object/ReverseListsPanel';

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

const renderPanel = (category: string, record: Record<string, unknown> & { id: number }, mode: 'view' | 'edit' = 'view', ownLists?: string[]) =>
  render(
    <MemoryRouter>
      <ReverseListsPanel category={mustGetCategory(category)} record={record} mode={mode} ownLists={ownLists} />
    </MemoryRouter>,
  );

describe('the reverse lists panel', () => {
  it("lists a type's firmwares, groups and devices in view mode, linking to their view pages", () => {
    renderPanel('type', withContent);
    const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(sections).toEqual(['Firmwares', 'Groups', 'Devices']);
    const firmwares = screen.getByRole('region', { name: 'Firmwares' });
    expect(within(firmwares).getByRole('link', { name: messages.firmwareOption('core', '1.0.0') }).getAttribute('href')).toBe('/firmware_view?id=30');
    const groups = screen.getByRole('region', { name: 'Groups' });
    expect(within(groups).getByRole('link', { name: 'Field' }).getAttribute('href')).toBe('/group_view?id=20');
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(within(devices).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/device_view?id=10', '/device_view?id=11']);
  });

  it('says None for an empty list, and shows nothing outside view mode', () => {
    renderPanel('type', empty);
    expect(screen.getAllByText(ownMessages.noObjects)).toHaveLength(3);
    document.body.innerHTML = '';
    renderPanel('type', withContent, 'edit');
    expect(screen.queryByTestId('reverse-lists')).toBeNull();
  });

  it('names the first objects of a long list and links to the list filtered on the object', () => {
    const device = Array.from({ length: SHOWN_MAX + 5 }, (_, i) => ({ id: 100 + i, name: `d${i}` }));
    renderPanel('type', { ...empty, device });
    const devices = screen.getByRole('region', { name: 'Devices' });
    const links = within(devices).getAllByRole('link');
    expect(links).toHaveLength(SHOWN_MAX + 1);
    const all = within(devices).getByRole('link', { name: ownMessages.showAllInList(SHOWN_MAX + 5, 'Devices') });
    expect(all.getAttribute('href')).toBe(`/devices?filter=${encodeURIComponent(JSON.stringify({ type_id: 4 }))}`);
  });

  it('counts a list the server cut by its total, not by the objects it sent (src/schemas/embeddedList.ts)', () => {
    const device = Array.from({ length: SHOWN_MAX + 5 }, (_, i) => ({ id: 100 + i, name: `d${i}` }));
    renderPanel('type', { ...empty, device, device_total: 20_000 });
    const devices = screen.getByRole('region', { name: 'Devices' });
    expect(within(devices).getByRole('link', { name: ownMessages.showAllInList(20_000, 'Devices') })).toBeTruthy();
  });

  it("heads a firmware's lists as spec section 2 names them: 'Is the target of', its groups, 'Is currently on'", () => {
    renderPanel('firmware', { id: 30, is_target_of: [{ id: 10, name: 'd1' }], devices_group: [], is_currently_on: [{ id: 11, name: 'd2' }] });
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([messages.isTargetOf, 'Groups', messages.isCurrentlyOn]);
    expect(screen.getByRole('heading', { name: messages.isTargetOf })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: messages.isTargetOf })).getByRole('link', { name: 'd1' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: messages.isCurrentlyOn })).getByRole('link', { name: 'd2' })).toBeTruthy();
  });

  it('tells apart two lists of one category declared without headings by the field pointing at the object', () => {
    const device = mustGetCategory('device');
    const firmware = mustGetCategory('firmware');
    const unheaded = {
      ...firmware,
      lists: { targets: { category: 'device', via: 'target_firmware_id' }, current: { category: 'device', via: 'current_firmware_id' } },
    };
    render(
      <MemoryRouter>
        <ReverseListsPanel category={unheaded} record={{ id: 30, targets: [{ id: 10, name: 'd1' }], current: [] }} mode="view" />
      </MemoryRouter>,
    );
    const target = ownMessages.reverseListOf('Devices', device.fields.target_firmware_id.label);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      target,
      ownMessages.reverseListOf('Devices', device.fields.current_firmware_id.label),
    ]);
    expect(within(screen.getByRole('region', { name: target })).getByRole('link', { name: 'd1' })).toBeTruthy();
  });

  it('leaves out a list an override shows itself, and shows nothing when none is left', () => {
    renderPanel('devices_group', { id: 20, devices: [{ id: 10, name: 'd1' }] }, 'view', ['devices']);
    expect(screen.queryByTestId('reverse-lists')).toBeNull();
  });
});
