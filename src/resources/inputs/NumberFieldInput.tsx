import { TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { showText, type GenericInputProps } from './inputProps';

/** A whole number; an empty box is null, text that is not a number is kept for the rules to refuse. */
export const parseWholeNumber = (text: unknown): unknown => {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) ? n : text;
};

export const NumberFieldInput = ({ name, field, readOnly, label, error, helperText, disabled }: GenericInputProps) => {
  const { field: input, id } = useInput({ source: name, parse: parseWholeNumber, format: showText });
  return (
    <TextField
      {...input}
      id={id}
      type="number"
      label={label ?? field.label}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={field.required !== undefined && !readOnly}
      fullWidth
      slotProps={{ input: { readOnly }, htmlInput: { step: 1 } }}
    />
  );
};
