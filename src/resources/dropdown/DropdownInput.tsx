/**
 * The Dropdown bound to a field of a react-admin / react-hook-form form (useInput):
 *
 *   <DropdownInput
 *     source={field}            the form field holding the chosen id (null when none)
 *     reference={key}           key of the category offered (its registry key)
 *     label="Type" validate={...} disabled? helperText? context? autoSelectSingle?
 *     filters={{ ... }}         optional: by default the picker's filterBy fields are read from
 *                               the same-named fields of the form (a type picker follows the
 *                               form's team_id, a group or firmware picker its type_id); given
 *                               values win over the form's
 *   />
 *
 * The filter-cleared and single-team rules of Dropdown write through the form like a user's
 * choice, so the form is dirty and validation runs as usual.
 */
import { useMemo } from 'react';
import { useInput, ValidationError, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { mustGetCategory } from '../../schemas';
import { Dropdown, type DropdownProps } from './Dropdown';
import { pickerOf, type PickerFilters } from './picker';

export interface DropdownInputProps extends Omit<DropdownProps, 'category' | 'value' | 'onChange' | 'onBlur' | 'name' | 'error'> {
  source: string;
  reference: string;
  validate?: Validator | Validator[];
  /** Called after the value changed (by the user or by a Dropdown rule). */
  onChange?: (id: number | null) => void;
}

const NO_FIELDS: readonly string[] = [];

export const DropdownInput = ({ source, reference, validate, filters, onChange, ...rest }: DropdownInputProps) => {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const filterBy = pickerOf(mustGetCategory(reference)).filterBy ?? NO_FIELDS;
  const watched = useWatch({ name: filterBy as string[] }) as unknown[] | undefined;
  const formFilters = useMemo<PickerFilters>(
    () => ({ ...Object.fromEntries(filterBy.map((f, i) => [f, watched?.[i]])), ...filters }),
    [filterBy, watched, filters],
  );
  const value = field.value === '' || field.value === null || field.value === undefined ? null : Number(field.value);
  return (
    <Dropdown
      {...rest}
      category={reference}
      name={field.name}
      value={value}
      filters={formFilters}
      required={rest.required ?? isRequired}
      onBlur={() => field.onBlur()}
      onChange={(id) => {
        field.onChange(id);
        onChange?.(id);
      }}
      // Like react-admin's inputs: the form validates on submit, so an error exists only after one.
      error={fieldState.invalid ? <ValidationError error={fieldState.error?.message ?? ''} /> : undefined}
    />
  );
};
