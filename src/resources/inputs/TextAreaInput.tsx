import { TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { keepText, showText, type GenericInputProps } from './inputProps';

/** Spec section 2: text areas show 1 row when empty and 5 rows otherwise. */
export const textAreaRows = (value: unknown): number => (showText(value) === '' ? 1 : 5);

export const TextAreaInput = ({ name, field, readOnly, label, error, helperText, disabled }: GenericInputProps) => {
  const { field: input, id } = useInput({ source: name, parse: keepText, format: showText });
  return (
    <TextField
      {...input}
      id={id}
      multiline
      rows={textAreaRows(input.value)}
      label={label ?? field.label}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={field.required !== undefined && !readOnly}
      fullWidth
      slotProps={{ input: { readOnly }, htmlInput: { maxLength: field.maxLength } }}
    />
  );
};
