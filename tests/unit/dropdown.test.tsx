/** The rules of spec 'Dropdown' on the shared picker (src/resources/dropdown/Dropdown.tsx). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { Dropdown, type DropdownProps } from '../../src/resources/dropdown/Dropdown';
import { messages } from '../../src/messages';
import { resetErrorUi, setErrorUi } from '../../src/dataProvider/errors';
import { Harness, installOptions, optionTexts, type Objects } from './dropdownHarness';

const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Red' },
  ],
  type: [
    { id: 10, name: 'Sensor', team_id: 1 },
    { id: 11, name: 'Gateway', team_id: 1 },
    { id: 12, name: 'Meter', team_id: 2 },
  ],
  devices_group: [
    { id: 20, name: 'North', team_id: 1, type_id: 10 },
    { id: 21, name: 'South', team_id: 1, type_id: 11 },
  ],
  firmware: [
    { id: 30, name: 'fw', team_id: 1, type_id: 10, version: '1.0.0', is_disabled: 0 },
    { id: 31, name: 'fw', team_id: 1, type_id: 10, version: '2.0.0', is_disabled: 1 },
    { id: 32, name: 'other', team_id: 1, type_id: 11, version: '0.1.0', is_disabled: 0 },
  ],
  basic_document: [
    { id: 40, name: 'Manual', team_id: 1, doc_type: 'file' },
    { id: 41, name: 'Notes', team_id: 2, doc_type: 'text' },
  ],
};

const alert = vi.fn();
beforeEach(() => {
  alert.mockReset();
  setErrorUi({ alert, goHome: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetErrorUi();
});

type Props = Partial<DropdownProps> & Pick<DropdownProps, 'category'>;

function renderDropdown(props: Props, data: Objects = objects) {
  const calls = installOptions(data);
  const onChange = vi.fn();
  const utils = render(
    <Harness>
      <Dropdown value={null} label="Pick" onChange={onChange} {...props} />
    </Harness>,
  );
  return { calls, onChange, ...utils };
}

const select = () => screen.getByLabelText('Pick') as HTMLSelectElement;

/** Waits until the options arrived (more than the zero option, or the given count). */
async function options(count?: number) {
  await waitFor(() => expect(select().options.length).toBe(count ?? select().options.length));
  await waitFor(() => expect(optionTexts(select()).length).toBeGreaterThan(count === 1 ? 0 : 1));
  return optionTexts(select());
}

describe('zero option', () => {
  it.each([
    ['team', 'filter', {}, messages.allTeams],
    ['type', 'filter', {}, messages.allTypes],
    ['devices_group', 'filter', { type_id: 10 }, messages.allGroups],
    ['devices_group', 'filter', {}, messages.selectTypeToFilterGroups],
    ['type', 'form', {}, messages.selectAType],
    ['team', 'form', {}, ''],
    ['devices_group', 'form', { type_id: 10 }, ''],
    ['firmware', 'form', { type_id: 10 }, ''],
    ['basic_document', 'form', {}, ''],
  ] as const)('%s in a %s with filters %o reads %j', async (category, context, filters, text) => {
    renderDropdown({ category, context, filters, autoSelectSingle: false });
    await waitFor(() => expect(optionTexts(select())[0]).toBe(text));
    expect(select().options[0].value).toBe('');
  });

  it('choosing the zero option answers null', async () => {
    const { onChange } = renderDropdown({ category: 'team', context: 'filter', value: 1 });
    await waitFor(() => expect(optionTexts(select())).toEqual([messages.allTeams, 'Blue', 'Red']));
    fireEvent.change(select(), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

describe('options', () => {
  it("are read with the spec's call, id, name and what filters and labels need", async () => {
    const { calls } = renderDropdown({ category: 'firmware', filters: { type_id: 10 } });
    await options();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/firmware');
    expect(calls[0].url.searchParams.get('fields')).toBe('id,name,type_id,version,is_disabled,team_id');
  });

  it('read a category without team_id with id and name only', async () => {
    const { calls } = renderDropdown({ category: 'team' });
    await options();
    expect(calls[0].url.searchParams.get('fields')).toBe('id,name');
  });

  it('firmwares read name (version), disabled ones are hidden, and they follow the type', async () => {
    renderDropdown({ category: 'firmware', filters: { type_id: 10 } });
    expect(await options(2)).toEqual(['', 'fw (1.0.0)']);
  });

  it('firmwares offer nothing while no type is chosen, and are not even read', async () => {
    const { calls, rerender, onChange } = renderDropdown({ category: 'firmware', filters: {} });
    expect(optionTexts(select())).toEqual(['']);
    // Once a type is chosen the firmwares of that type are read: that read is the only one, so
    // none was made (or is still to come) without the type.
    rerender(
      <Harness>
        <Dropdown category="firmware" value={null} label="Pick" onChange={onChange} filters={{ type_id: 10 }} />
      </Harness>,
    );
    expect(await options(2)).toEqual(['', 'fw (1.0.0)']);
    expect(calls).toHaveLength(1);
  });

  it('documents read name [doc_type] and follow the team', async () => {
    renderDropdown({ category: 'basic_document', filters: { team_id: 2 } });
    expect(await options(2)).toEqual(['', 'Notes [text]']);
  });

  it('types follow the team, all types without one; sorted by name', async () => {
    const { rerender, onChange } = renderDropdown({ category: 'type', context: 'filter', filters: { team_id: 1 } });
    expect(await options(3)).toEqual([messages.allTypes, 'Gateway', 'Sensor']);
    rerender(
      <Harness>
        <Dropdown category="type" context="filter" value={null} label="Pick" onChange={onChange} filters={{ team_id: '' }} />
      </Harness>,
    );
    await waitFor(() => expect(optionTexts(select())).toEqual([messages.allTypes, 'Gateway', 'Meter', 'Sensor']));
  });

  it('groups follow the type (a URL string id matches a numeric one)', async () => {
    renderDropdown({ category: 'devices_group', context: 'filter', filters: { type_id: '11' } });
    expect(await options(2)).toEqual([messages.allGroups, 'South']);
  });

  it('are read once per category, however many Dropdowns show them', async () => {
    const calls = installOptions(objects);
    render(
      <Harness>
        <Dropdown category="type" label="A" value={null} onChange={() => {}} />
        <Dropdown category="type" label="B" value={null} onChange={() => {}} filters={{ team_id: 2 }} />
      </Harness>,
    );
    await waitFor(() => expect(optionTexts(screen.getByLabelText('B'))).toEqual([messages.selectAType, 'Meter']));
    expect(calls.filter((c) => c.url.pathname === '/api/type')).toHaveLength(1);
  });

  it('a chosen id shows its option and a change answers the number', async () => {
    const { onChange } = renderDropdown({ category: 'type', value: 11, filters: { team_id: 1 } });
    await options(3);
    expect(select().value).toBe('11');
    expect(select().selectedOptions[0].text).toBe('Gateway');
    fireEvent.change(select(), { target: { value: '10' } });
    expect(onChange).toHaveBeenLastCalledWith(10);
  });

  it('a failed read goes to the error catalogue', async () => {
    const { installFetch, jsonResponse } = await import('./fetchMock');
    installFetch(() => jsonResponse({ Description: 'Database down' }, 500));
    render(
      <Harness>
        <Dropdown category="type" label="Pick" value={null} onChange={() => {}} />
      </Harness>,
    );
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Database down'));
  });
});

/** A Dropdown whose filters change on a button, like a type picker below a team picker. */
const Cascade = ({ onChange, initial, next }: { onChange: (id: number | null) => void; initial: number; next: unknown }) => {
  const [team, setTeam] = useState<unknown>(initial);
  const [value, setValue] = useState<number | null>(10);
  return (
    <Harness>
      <button onClick={() => setTeam(next)}>switch</button>
      <Dropdown
        category="type"
        label="Pick"
        value={value}
        filters={{ team_id: team }}
        onChange={(id) => {
          setValue(id);
          onChange(id);
        }}
      />
    </Harness>
  );
};

describe('a changed filter', () => {
  it('clears a choice that falls outside it', async () => {
    installOptions(objects);
    const onChange = vi.fn();
    render(<Cascade onChange={onChange} initial={1} next={2} />);
    await options(3);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('switch'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(select().value).toBe('');
  });

  it('keeps a choice that still fits (a filter removed)', async () => {
    installOptions(objects);
    const onChange = vi.fn();
    render(<Cascade onChange={onChange} initial={1} next={null} />);
    await options(3);
    fireEvent.click(screen.getByText('switch'));
    await waitFor(() => expect(optionTexts(select())).toHaveLength(4));
    expect(onChange).not.toHaveBeenCalled();
    expect(select().value).toBe('10');
  });

  it('never clears a saved value on first display, even one outside the filters', async () => {
    const { onChange } = renderDropdown({ category: 'type', value: 12, filters: { team_id: 1 } });
    await options(4);
    expect(select().value).toBe('12');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears a group when its type filter is unset (groups need a type)', async () => {
    installOptions(objects);
    const onChange = vi.fn();
    const { rerender } = render(
      <Harness>
        <Dropdown category="devices_group" context="filter" label="Pick" value={20} filters={{ type_id: 10 }} onChange={onChange} />
      </Harness>,
    );
    await options(2);
    rerender(
      <Harness>
        <Dropdown category="devices_group" context="filter" label="Pick" value={20} filters={{ type_id: undefined }} onChange={onChange} />
      </Harness>,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
  });
});

describe('a single team', () => {
  const oneTeam = { ...objects, team: [{ id: 7, name: 'Only' }] };

  it('is chosen automatically in a form with nothing preselected', async () => {
    const { onChange } = renderDropdown({ category: 'team' }, oneTeam);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(7));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('is not chosen when something is preselected', async () => {
    const { onChange } = renderDropdown({ category: 'team', value: 99 }, oneTeam);
    await options(3);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is not chosen among two teams, nor in a list filter, nor for other categories', async () => {
    const two = renderDropdown({ category: 'team' });
    await waitFor(() => expect(optionTexts(select())).toHaveLength(3));
    expect(two.onChange).not.toHaveBeenCalled();
    two.unmount();

    const filter = renderDropdown({ category: 'team', context: 'filter' }, oneTeam);
    await waitFor(() => expect(optionTexts(select())).toEqual([messages.allTeams, 'Only']));
    expect(filter.onChange).not.toHaveBeenCalled();
    filter.unmount();

    const type = renderDropdown({ category: 'type', filters: { team_id: 2 } });
    await waitFor(() => expect(optionTexts(select())).toEqual([messages.selectAType, 'Meter']));
    expect(type.onChange).not.toHaveBeenCalled();
  });

  it('can be forced in a filter with autoSelectSingle', async () => {
    const { onChange } = renderDropdown({ category: 'team', context: 'filter', autoSelectSingle: true }, oneTeam);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(7));
  });
});
