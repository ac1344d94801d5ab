import { FormTextField } from './FormTextField';
import { blankIsNull, type GenericInputProps } from './inputProps';
import { fieldProblem, type FieldSpec } from '../../schemas';

/**
 * An optional field whose rule refuses an empty text (a minLength): its emptied box is no value
 * (null), so that its value can be taken away; otherwise the text is kept as typed, '' included.
 */
const emptyIsNone = (field: FieldSpec) => field.required === undefined && fieldProblem(field, '') !== undefined && fieldProblem(field, null) === undefined;

/** A one-line text input (input kinds 'text' and 'password'). */
export const TextFieldInput = ({ type, ...props }: GenericInputProps & { type?: string }) => (
  <FormTextField {...props} parse={emptyIsNone(props.field) ? blankIsNull : undefined} textField={() => ({ type })} />
);
