import { FormTextField } from './FormTextField';
import { showText, type GenericInputProps } from './inputProps';

/** Spec section 2: text areas show 1 row when empty and 5 rows otherwise. */
export const textAreaRows = (value: unknown): number => (showText(value) === '' ? 1 : 5);

export const TextAreaInput = (props: GenericInputProps) => (
  <FormTextField {...props} textField={(value) => ({ multiline: true, rows: textAreaRows(value) })} />
);
