/**
 * Each field kind in the console (src/schemas/kinds.ts): the input the object form gives it (a
 * date box typed en-GB, a number box taking decimals or whole numbers, a picker of an enum's offered
 * values, a url box), the table column it gets, and the text the view shows.
 */
import { describe, expect, it, vi } from 'vitest';

// A time zone west of UTC: a date shown through local midnight would fall on the day before.
vi.hoisted(() => {
  process.env.TZ = 'America/Los_Angeles';
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, RecordContextProvider } from 'react-admin';
import { defineCategory, mustGetCategory, type Category, type FieldSpec } from '../../src/schemas';
import { messages, ownMessages } from '../../src/messages';
import { i18nProvider } from '../../src/i18n';
import { formValues, renderInput } from './fieldInputHarness';
import { columnElement, listColumns } from '../../src/resources/list/listColumns';
import { displayValue } from '../../src/resources/object/formFields';

const site = defineCategory({
  key: 'site_kinds_test',
  id: 902,
  singular: 'site',
  title: 'Site',
  plural: 'Sites',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: { kind: 'text', label: 'Name', list: true },
    floors: { kind: 'integer', label: 'Floors', list: true },
    latitude: { kind: 'number', label: 'Latitude', list: true },
    opened: { kind: 'date', label: 'Opened', list: true },
    visited: { kind: 'datetime', label: 'Visited', list: true },
    grade: { kind: 'enum', label: 'Grade', values: ['a', 'b', 'c'], valueLabels: { a: 'Grade A', b: 'Grade B' }, offered: ['a', 'b'], list: true },
    web: { kind: 'url', label: 'Web page', list: true },
    open: { kind: 'boolean', label: 'Open', list: true },
    data: { kind: 'json', label: 'Data', list: true },
    contact: { kind: 'email', label: 'Contact e-mail' },
    rooms: { kind: 'integer', label: 'Rooms', min: 1, max: 50 },
    code: { kind: 'text', label: 'Code', minLength: 2, maxLength: 8 },
  } satisfies Record<string, FieldSpec>,
  summary: ['name', 'id'],
});

/** Shows the form's values as JSON, so that a test reads what a save would send. */

describe('inputs by kind', () => {
  it('a date is typed and shown DD/MM/YYYY (numeric keypad), its value YYYY-MM-DD; emptied, it is null', () => {
    renderInput(site, 'opened', { opened: '2024-02-29' });
    const box = screen.getByLabelText('Opened') as HTMLInputElement;
    expect([box.type, box.inputMode, box.value]).toEqual(['text', 'numeric', '29/02/2024']);
    fireEvent.change(box, { target: { value: '03/02/2026' } });
    expect(formValues().opened).toBe('2026-02-03');
    fireEvent.change(box, { target: { value: '' } });
    expect(formValues().opened).toBeNull();
  });

  it('a datetime is typed DD/MM/YYYY HH:MM in local time; the value travels as UTC ISO 8601', () => {
    renderInput(site, 'visited', { visited: '2024-03-01T10:00:00.000Z' });
    const box = screen.getByLabelText('Visited') as HTMLInputElement;
    expect(box.value).toBe('01/03/2024 02:00');
    fireEvent.change(box, { target: { value: '01/03/2024 09:30' } });
    expect(formValues().visited).toBe('2024-03-01T17:30:00.000Z');
  });

  it('a date that does not exist stays in the box, is reported naming the field, and the value stays as it was', () => {
    const invalid: (string | undefined)[] = [];
    renderInput(site, 'opened', { opened: '2024-02-29' }, { onInvalid: (m) => invalid.push(m) });
    const box = screen.getByLabelText('Opened') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '31/02/2026' } });
    expect(box.value).toBe('31/02/2026');
    expect(invalid.at(-1)).toBe(ownMessages.noSuchDate('Opened', '31/02/2026'));
    expect(formValues().opened).toBe('2024-02-29');
    fireEvent.change(box, { target: { value: '02/13' } });
    expect(invalid.at(-1)).toBe(ownMessages.dateNotValid('Opened'));
    fireEvent.change(box, { target: { value: '28/02/2026' } });
    expect(invalid.at(-1)).toBeUndefined();
    expect(formValues().opened).toBe('2026-02-28');
  });

  it("the calendar button's picker (the browser's own) sets the value, shown en-GB", () => {
    renderInput(site, 'visited', { visited: null });
    expect(screen.getByRole('button', { name: ownMessages.pickDate('Visited') })).toBeTruthy();
    fireEvent.change(screen.getByTestId('date-picker'), { target: { value: '2024-07-04T18:15' } });
    expect(formValues().visited).toBe('2024-07-05T01:15:00.000Z');
    expect((screen.getByLabelText('Visited') as HTMLInputElement).value).toBe('04/07/2024 18:15');
  });

  it("a number box takes decimals for kind 'number' and whole numbers only for 'integer'", () => {
    renderInput(site, 'latitude', { latitude: null });
    const decimal = screen.getByLabelText('Latitude') as HTMLInputElement;
    expect(decimal.type).toBe('number');
    expect(decimal.step).toBe('any');
    fireEvent.change(decimal, { target: { value: '48.85' } });
    expect(formValues().latitude).toBe(48.85);
    document.body.innerHTML = '';

    renderInput(site, 'floors', { floors: 1 });
    const whole = screen.getByLabelText('Floors') as HTMLInputElement;
    expect(whole.step).toBe('1');
    fireEvent.change(whole, { target: { value: '3' } });
    expect(formValues().floors).toBe(3);
    fireEvent.change(whole, { target: { value: '2.5' } });
    expect(formValues().floors).toBe('2.5');
  });

  it('an enum is a picker of its offered values by their labels, still showing a stored value it no longer offers', () => {
    renderInput(site, 'grade', { grade: 'c' });
    const picker = screen.getByRole('combobox', { name: 'Grade' });
    expect(picker.textContent).toBe('c');
    fireEvent.mouseDown(picker);
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent?.trim());
    expect(options).toEqual(['', 'Grade A', 'Grade B', 'c']);
    fireEvent.click(screen.getByRole('option', { name: 'Grade B' }));
    expect(formValues().grade).toBe('b');
  });

  it("a basic document's type offers Text, Link, File, Image (spec sections 2 and 9), and no blank: it has a default", () => {
    const document = mustGetCategory('basic_document');
    renderInput(document, 'doc_type', { doc_type: 'text' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Document type' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent?.trim());
    expect(options).toEqual(['Text', 'Link', 'File', 'Image']);
  });

  it('a url is a url box; an emptied box is null', () => {
    renderInput(site, 'web', { web: 'https://example.com' });
    const box = screen.getByLabelText('Web page') as HTMLInputElement;
    expect(box.type).toBe('url');
    fireEvent.change(box, { target: { value: ' ' } });
    expect(formValues().web).toBeNull();
  });

  it('an e-mail is an e-mail box (the keyboard with @), at most 254 characters', () => {
    renderInput(site, 'contact', { contact: 'ann@example.org' });
    const box = screen.getByLabelText('Contact e-mail') as HTMLInputElement;
    expect([box.type, box.inputMode, box.maxLength]).toEqual(['email', 'email', 254]);
  });

  it("declared bounds are the input's own: min and max on a number box, minlength and maxlength on a text box", () => {
    renderInput(site, 'rooms', { rooms: 3 });
    const rooms = screen.getByLabelText('Rooms') as HTMLInputElement;
    expect([rooms.min, rooms.max]).toEqual(['1', '50']);
    renderInput(site, 'code', { code: 'AB' });
    const code = screen.getByLabelText('Code') as HTMLInputElement;
    expect([code.minLength, code.maxLength]).toEqual([2, 8]);
  });
});

const row = {
  id: 1,
  name: 'North',
  floors: 3,
  latitude: 48.85,
  opened: '2024-02-29',
  visited: '2024-03-01T10:00:00Z',
  grade: 'b',
  web: 'https://example.com/north',
  open: true,
  data: { a: 1 },
};

function renderCell(name: string) {
  const column = listColumns(site).find((c) => c.name === name)!;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={row}>
          <div data-testid="cell">{columnElement(site, column)}</div>
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return screen.getByTestId('cell');
}

describe('list columns by kind', () => {
  it('are the listed fields that have a column (not json)', () => {
    expect(listColumns(site).map((c) => c.name)).toEqual(['name', 'floors', 'latitude', 'opened', 'visited', 'grade', 'web', 'open']);
  });

  it('show a date in en-GB on its own day whatever the time zone, a datetime in en-GB, an enum by its label', () => {
    expect(renderCell('opened').textContent).toBe('29/02/2024');
    document.body.innerHTML = '';
    expect(renderCell('visited').textContent).toBe('01/03/2024, 02:00:00');
    document.body.innerHTML = '';
    expect(renderCell('grade').textContent).toBe('Grade B');
  });

  it('show a url as a link opening in a new tab, without the opener', () => {
    const link = within(renderCell('web')).getByRole('link', { name: row.web });
    expect(link.getAttribute('href')).toBe(row.web);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('show numbers as numbers, decimals kept', () => {
    expect(renderCell('latitude').textContent).toBe('48.85');
  });

  it('are sortable where the kind is (KINDS[kind].sortable); references are not', () => {
    const sortable = (category: Category, name: string) => (columnElement(category, listColumns(category).find((c) => c.name === name)!).props as { sortable?: boolean }).sortable;
    expect(sortable(site, 'opened')).toBe(true);
    expect(sortable(site, 'grade')).toBe(true);
    expect(sortable(mustGetCategory('device'), 'type_id')).toBe(false);
  });
});

describe('read-only values by kind', () => {
  it('read as the columns do', () => {
    const text = (name: string) => displayValue(site, name, site.fields[name], row, () => undefined);
    expect(text('opened')).toBe('29/02/2024');
    expect(text('visited')).toBe('01/03/2024, 02:00:00');
    expect(text('grade')).toBe('Grade B');
    expect(text('floors')).toBe('3');
    expect(messages.newDocumentName('Text')).toBe('New Document of type Text');
  });
});
