import { MenuItem, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import type { GenericInputProps } from './inputProps';

/**
 * The values the picker lists: the field's offered values (all of its values when it declares
 * none), and the current value if it is not among them, so that a stored value the picker no
 * longer offers (a document of type 'other') is shown and kept rather than blanked.
 */
export function enumChoices(field: GenericInputProps['field'], current: unknown): string[] {
  const offered = [...(field.offered ?? field.values ?? [])];
  if (typeof current === 'string' && current !== '' && !offered.includes(current)) offered.push(current);
  return offered;
}

/** A picker of the values an enum field declares, each shown by its label (FieldSpec.valueLabels). */
export const EnumFieldInput = ({ name, field, readOnly, label, error, helperText, disabled }: GenericInputProps) => {
  const { field: input, id } = useInput({ source: name, format: (v: unknown) => (v === null || v === undefined ? '' : String(v)), parse: (v: unknown) => (v === '' ? null : v) });
  return (
    <TextField
      {...input}
      id={id}
      select
      label={label ?? field.label}
      error={error}
      helperText={helperText}
      disabled={disabled || readOnly}
      required={field.required !== undefined && !readOnly}
      fullWidth
    >
      {field.required === undefined && (field.default ?? null) === null && <MenuItem value="">&nbsp;</MenuItem>}
      {enumChoices(field, input.value).map((value) => (
        <MenuItem key={value} value={value}>
          {field.valueLabels?.[value] ?? value}
        </MenuItem>
      ))}
    </TextField>
  );
};
