import { FormTextField } from './FormTextField';
import type { GenericInputProps } from './inputProps';

/**
 * The value a number box holds: an empty box is null; text that is not a number of the field's
 * kind (a decimal in a whole-number field, say) is kept as typed, so that the field's validator
 * refuses it with its message rather than the box silently rounding or dropping it.
 */
export const parseNumber =
  (wholeOnly: boolean) =>
  (text: unknown): unknown => {
    if (typeof text !== 'string' || text.trim() === '') return null;
    const n = Number(text);
    if (!Number.isFinite(n)) return text;
    return wholeOnly && !Number.isInteger(n) ? text : n;
  };

/** A number box: whole numbers for kind 'integer', decimals for kind 'number'. */
export const NumberFieldInput = (props: GenericInputProps) => {
  const wholeOnly = props.field.kind !== 'number';
  return (
    <FormTextField
      {...props}
      parse={parseNumber(wholeOnly)}
      textField={() => ({ type: 'number' })}
      htmlInput={{ step: wholeOnly ? 1 : 'any', inputMode: wholeOnly ? 'numeric' : 'decimal', min: props.field.min, max: props.field.max }}
    />
  );
};
