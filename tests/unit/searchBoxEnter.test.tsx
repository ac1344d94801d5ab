/**
 * The devices table's search box (ListFilterBar.tsx) and Enter: the text Enter handed on is not sent
 * again by the box's pause timer while the table is slow to show it (the second search wrote the
 * list's address after Enter's look-up had opened the device, and brought the user back: e2e
 * findAndStale flaked so on a loaded machine), and letters typed after Enter stay when its search
 * comes back applied.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SearchBox } from '../../src/resources/list/ListFilterBar';
import { SEARCH_DELAY_MS } from '../../src/resources/dropdown/usePickerSearch';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const renderBox = (value: string) => {
  const onSearch = vi.fn();
  const onEnter = vi.fn();
  const view = render(<SearchBox label="Name or unique ID" value={value} onSearch={onSearch} onEnter={onEnter} />);
  const box = screen.getByRole('searchbox', { name: 'Name or unique ID' }) as HTMLInputElement;
  const showApplied = (applied: string) => view.rerender(<SearchBox label="Name or unique ID" value={applied} onSearch={onSearch} onEnter={onEnter} />);
  return { box, onSearch, onEnter, showApplied };
};

it('a text handed on by Enter is not searched again after the pause while the table is slow to show it', () => {
  const { box, onSearch, onEnter, showApplied } = renderBox('CS-1002270');
  fireEvent.change(box, { target: { value: 'cs-100227' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(onEnter).toHaveBeenCalledTimes(1);
  expect(onEnter.mock.calls[0][0]).toBe('cs-100227');
  // The table has not shown the search yet: the pause passes.
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 3));
  expect(onSearch).not.toHaveBeenCalled();
  showApplied('cs-100227');
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 3));
  expect(onSearch).not.toHaveBeenCalled();
  expect(box.value).toBe('cs-100227');
});

it('letters typed after Enter stay when its search comes back applied, and are searched after the pause', () => {
  const { box, onSearch, showApplied } = renderBox('');
  fireEvent.change(box, { target: { value: 'SN-12' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  fireEvent.change(box, { target: { value: 'SN-123' } });
  showApplied('SN-12');
  expect(box.value).toBe('SN-123');
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
  expect(onSearch.mock.calls).toEqual([['SN-123']]);
});

it('a search set from elsewhere (Back, a link) replaces the text', () => {
  const { box, showApplied } = renderBox('SN-1');
  fireEvent.change(box, { target: { value: 'SN-12' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  showApplied('SN-12');
  showApplied('Greenhouse');
  expect(box.value).toBe('Greenhouse');
});

it('a text searched, left and typed again after an Enter is searched again (the table may have skipped it)', () => {
  const { box, onSearch } = renderBox('a');
  fireEvent.change(box, { target: { value: 'ab' } });
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
  expect(onSearch.mock.calls).toEqual([['ab']]);
  // Back to 'a' and Enter: the table is asked for 'a'; a slow render shows only that last search, 'a', as before.
  fireEvent.change(box, { target: { value: 'a' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  fireEvent.change(box, { target: { value: 'ab' } });
  act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
  expect(onSearch.mock.calls).toEqual([['ab'], ['ab']]);
});
