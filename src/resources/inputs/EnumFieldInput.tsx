import { MenuItem, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import type { GenericInputProps } from './inputProps';

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
      {field.required === undefined && <MenuItem value="">&nbsp;</MenuItem>}
      {(field.values ?? []).map((value) => (
        <MenuItem key={value} value={value}>
          {field.valueLabels?.[value] ?? value}
        </MenuItem>
      ))}
    </TextField>
  );
};
