import { FormTextField } from './FormTextField';
import type { GenericInputProps } from './inputProps';

/** A whole number; an empty box is null, text that is not a number is kept for the rules to refuse. */
export const parseWholeNumber = (text: unknown): unknown => {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) ? n : text;
};

export const NumberFieldInput = (props: GenericInputProps) => (
  <FormTextField {...props} parse={parseWholeNumber} textField={() => ({ type: 'number' })} htmlInput={{ step: 1 }} />
);
