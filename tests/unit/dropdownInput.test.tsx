/** The form-bound Dropdown: filters read from the form, rules written through it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DropdownInput } from '../../src/resources/dropdown/DropdownInput';
import { messages } from '../../src/messages';
import { Harness, installOptions, optionTexts, type Objects } from './dropdownHarness';

afterEach(() => vi.unstubAllGlobals());

const objects: Objects = {
  team: [
    { id: 1, name: 'Blue' },
    { id: 2, name: 'Red' },
  ],
  type: [
    { id: 10, name: 'Sensor', team_id: 1 },
    { id: 12, name: 'Meter', team_id: 2 },
  ],
  devices_group: [{ id: 20, name: 'North', team_id: 1, type_id: 10 }],
};

const Values = () => {
  const values = useWatch();
  return <output data-testid="values">{JSON.stringify(values)}</output>;
};

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}');

function renderForm(defaultValues: Record<string, unknown>, data: Objects = objects, onSubmit = vi.fn()) {
  installOptions(data);
  render(
    <Harness>
      <Form defaultValues={defaultValues} onSubmit={onSubmit}>
        <DropdownInput source="team_id" reference="team" label="Team" validate={required(messages.teamRequired)} />
        <DropdownInput source="type_id" reference="type" label="Type" />
        <DropdownInput source="group_id" reference="devices_group" label="Group" />
        <Values />
        <button type="submit">go</button>
      </Form>
    </Harness>,
  );
  return onSubmit;
}

const pick = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLSelectElement;

describe('DropdownInput', () => {
  it("filters types by the form's team and groups by its type", async () => {
    renderForm({ team_id: 1, type_id: 10, group_id: 20 });
    await waitFor(() => expect(optionTexts(pick('Type'))).toEqual([messages.selectAType, 'Sensor']));
    await waitFor(() => expect(optionTexts(pick('Group'))).toEqual(['', 'North']));
    expect(pick('Type').value).toBe('10');
  });

  it('a new team clears the type, which clears the group, in the form values', async () => {
    renderForm({ team_id: 1, type_id: 10, group_id: 20 });
    await waitFor(() => expect(optionTexts(pick('Group'))).toEqual(['', 'North']));
    fireEvent.change(pick('Team'), { target: { value: '2' } });
    await waitFor(() => expect(values()).toEqual({ team_id: 2, type_id: null, group_id: null }));
    expect(optionTexts(pick('Type'))).toEqual([messages.selectAType, 'Meter']);
    expect(optionTexts(pick('Group'))).toEqual(['']);
  });

  it('chooses the single team of the user in the form', async () => {
    renderForm({}, { ...objects, team: [{ id: 2, name: 'Red' }] });
    await waitFor(() => expect(values().team_id).toBe(2));
    await waitFor(() => expect(optionTexts(pick('Type'))).toEqual([messages.selectAType, 'Meter']));
  });

  it("shows the field's validation message after submit", async () => {
    const onSubmit = renderForm({});
    await waitFor(() => expect(optionTexts(pick('Team'))).toEqual(['', 'Blue', 'Red']));
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText(messages.teamRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
