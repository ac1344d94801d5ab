import { TextField, type TextFieldProps } from '@mui/material';
import { useInput } from 'react-admin';
import { keepText, showText, type GenericInputProps } from './inputProps';

export interface FormTextFieldProps extends GenericInputProps {
  /** Turns what the box shows into the form value (text is kept as typed by default). */
  parse?: (text: unknown) => unknown;
  /** Turns the form value into what the box shows (the value as text by default). */
  format?: (value: unknown) => string;
  /** Extra props of the MUI TextField (type, multiline, rows from the value). */
  textField?: (value: unknown) => Partial<TextFieldProps>;
  /** Attributes of the <input> itself (maxLength, step). */
  htmlInput?: Record<string, unknown>;
}

/** The MUI text box every text-like input of the object form is made of. */
export const FormTextField = ({ name, field, readOnly, label, error, helperText, disabled, parse = keepText, format = showText, textField, htmlInput }: FormTextFieldProps) => {
  const { field: input, id } = useInput({ source: name, parse, format });
  const { slotProps, ...extra } = textField?.(input.value) ?? {};
  return (
    <TextField
      {...input}
      {...extra}
      id={id}
      label={label ?? field.label}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={field.required !== undefined && !readOnly}
      fullWidth
      slotProps={{ ...slotProps, input: { readOnly }, htmlInput: htmlInput ?? { maxLength: field.maxLength, minLength: field.minLength } }}
    />
  );
};
