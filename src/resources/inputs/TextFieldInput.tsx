import { TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { keepText, showText, type GenericInputProps } from './inputProps';

/** A one-line text input (input kinds 'text' and 'password'). */
export const TextFieldInput = ({ name, field, readOnly, label, error, helperText, disabled, type }: GenericInputProps & { type?: string }) => {
  const { field: input, id } = useInput({ source: name, parse: keepText, format: showText });
  return (
    <TextField
      {...input}
      id={id}
      type={type}
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
