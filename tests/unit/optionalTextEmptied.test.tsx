/**
 * An optional text field whose rule refuses an empty text (a declared minLength) can be emptied in
 * the console: its emptied box is no value (null), which the field accepts, as the server does;
 * kept as '', the form refused it ('must have at least 2 characters') and the value could never be
 * taken away. A field whose rule takes '' keeps it, and a required one is left to its own message.
 */
import { expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { defineCategory, type FieldSpec } from '../../src/schemas';
import { formValues, renderInput } from './fieldInputHarness';
import { fieldProblem } from '../../src/schemas/compile';

const place = defineCategory({
  key: 'zz_emptied_test', id: 907, singular: 'place', title: 'Place', plural: 'Places', scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    code: { kind: 'text', label: 'Code', minLength: 2, maxLength: 8 },
    note: { kind: 'text', label: 'Note', maxLength: 8 },
  } satisfies Record<string, FieldSpec>,
  summary: ['id'],
});


it('an optional text with a minLength, emptied, is null, which its rule accepts', () => {
  renderInput(place, 'code', { code: 'AB' });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: '' } });
  expect(formValues().code).toBeNull();
  expect(fieldProblem(place.fields.code, formValues().code)).toBeUndefined();
});

it("an optional text whose rule takes '' keeps it", () => {
  renderInput(place, 'note', { note: 'n' });
  fireEvent.change(screen.getByLabelText('Note'), { target: { value: '' } });
  expect(formValues().note).toBe('');
});
