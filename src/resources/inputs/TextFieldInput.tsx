import { FormTextField } from './FormTextField';
import type { GenericInputProps } from './inputProps';

/** A one-line text input (input kinds 'text' and 'password'). */
export const TextFieldInput = ({ type, ...props }: GenericInputProps & { type?: string }) => (
  <FormTextField {...props} textField={() => ({ type })} />
);
