/**
 * The Dropdown of a big category (devices, picker.search) against a fake server list: it reads
 * the first page of matches by name when opened and searches the typed text on the server (never
 * the whole category through the spec's GET /api/{cat}?fields=), says how many more match, names
 * a chosen device it has not listed by reading it by id, and drops it when the team changes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dropdown, type DropdownProps } from '../../src/resources/dropdown/Dropdown';
import { ownMessages } from '../../src/messages';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { Harness, type Objects } from './dropdownHarness';
import { dialect, installFakeApi } from './listFakeApi';
import type { RecordedCall } from './fetchMock';

const pad = (n: number) => String(n).padStart(2, '0');
const objects: Objects = {
  device: [
    ...Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Pump ${pad(i + 1)}`, team_id: 1 })),
    { id: 100, name: 'Zeta valve', team_id: 1 },
    { id: 200, name: 'Pump red', team_id: 2 },
  ],
};

beforeEach(() => setErrorUi({ alert: vi.fn(), goHome: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

function renderPicker(props: Partial<DropdownProps> = {}) {
  const calls = installFakeApi(objects);
  const onChange = vi.fn();
  const all: Partial<DropdownProps> = { category: 'device', value: null, label: 'Device', onChange, filters: { team_id: 1 }, ...props };
  const view = render(
    <Harness>
      <Dropdown {...(all as DropdownProps)} />
    </Harness>,
  );
  const rerender = (next: Partial<DropdownProps>) =>
    view.rerender(
      <Harness>
        <Dropdown {...(all as DropdownProps)} {...next} />
      </Harness>,
    );
  return { calls, onChange, rerender };
}

const input = () => screen.getByRole('combobox', { name: 'Device' }) as HTMLInputElement;
const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.pathname === '/api/full/device' && c.url.searchParams.has('range'));
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('the device picker', () => {
  it('reads nothing until opened, then the first 50 of the team by name, and says how many more match', async () => {
    const { calls } = renderPicker();
    expect(calls).toHaveLength(0);
    fireEvent.mouseDown(input());
    await screen.findByText(ownMessages.moreMatches(11));
    expect(optionTexts()).toEqual(Array.from({ length: 50 }, (_, i) => `Pump ${pad(i + 1)}`));
    expect(listCalls(calls).map(dialect)).toEqual([{ sort: ['name', 'ASC'], range: [0, 49], filter: { team_id: 1 } }]);
    expect(calls[0].url.searchParams.get('fields')!.split(',')).toEqual(['id', 'name', 'team_id']);
    // Never the spec's whole list of the category.
    expect(calls.filter((c) => c.url.pathname === '/api/device')).toHaveLength(0);
  });

  it('searches the typed text on the server once typing pauses, and answers the chosen id', async () => {
    const { calls, onChange } = renderPicker();
    fireEvent.mouseDown(input());
    await screen.findByText(ownMessages.moreMatches(11));
    fireEvent.change(input(), { target: { value: 'Pump 5' } });
    fireEvent.change(input(), { target: { value: 'Pump 55' } });
    fireEvent.change(input(), { target: { value: 'Pump 5' } });
    await waitFor(() => expect(optionTexts()).toEqual(['Pump 50', 'Pump 51', 'Pump 52', 'Pump 53', 'Pump 54', 'Pump 55', 'Pump 56', 'Pump 57', 'Pump 58', 'Pump 59']));
    expect(screen.queryByText(/more: type to narrow/)).toBeNull();
    // One search for the text the user settled on, not one per change.
    expect(listCalls(calls).map((c) => dialect(c).filter)).toEqual([{ team_id: 1 }, { team_id: 1, q: 'Pump 5' }]);
    fireEvent.click(screen.getByRole('option', { name: 'Pump 57' }));
    expect(onChange).toHaveBeenCalledWith(57);
  });

  it('names a chosen device that is not among the first matches by reading it by id', async () => {
    const { calls } = renderPicker({ value: 100 });
    await waitFor(() => expect(input().value).toBe('Zeta valve'));
    expect(calls.map(dialect)).toEqual([{ sort: null, range: null, filter: { id: [100] } }]);
  });

  it('drops the chosen device when the team changes to another', async () => {
    const { onChange, rerender } = renderPicker({ value: 100 });
    await waitFor(() => expect(input().value).toBe('Zeta valve'));
    rerender({ filters: { team_id: 2 } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
  });
});
