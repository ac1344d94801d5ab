/**
 * One field's generic input in a react-admin form of its own, with the form's values readable:
 * the input tests render a field of a test category and read what the form holds after a change.
 */
import { render, screen } from '@testing-library/react';
import { AdminContext, Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Category } from '../../src/schemas';
import { i18nProvider } from '../../src/i18n';
import { FieldInput } from '../../src/resources/inputs/FieldInput';
import type { GenericInputProps } from '../../src/resources/inputs/inputProps';

const Values = () => <output data-testid="values">{JSON.stringify(useWatch())}</output>;

/** The form's values as they are now. */
export const formValues = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Record<string, unknown>;

/** The edit input of `category`'s field `name`, in a form holding `record` (`props`: more of the input's, onInvalid). */
export function renderInput(category: Category, name: string, record: Record<string, unknown>, props: Partial<GenericInputProps> = {}) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={record}>
        <FieldInput name={name} field={category.fields[name]} category={category} mode="edit" readOnly={false} {...props} />
        <Values />
      </Form>
    </AdminContext>,
  );
}
