/** The inputs of the calendar kinds (date, datetime), typed en-GB (DateTextBox), and of url. */
import { useInput } from 'react-admin';
import { DateTextBox } from './DateTextBox';
import type { DateTextKind } from './enGbDateText';
import { FormTextField } from './FormTextField';
import { blankIsNull, type GenericInputProps } from './inputProps';
import { maxLengthOf } from '../../schemas/kinds';

/**
 * A date field of the object form. A text that does not read as a date stays in the box (nothing
 * typed is lost) and is reported through onInvalid, which keeps the form from saving the previous value.
 */
const FormDateBox = ({ kind, name, field, readOnly, label, error, helperText, disabled, onInvalid }: GenericInputProps & { kind: DateTextKind }) => {
  const { field: input, id } = useInput({ source: name, format: (v: unknown) => v, parse: (v: unknown) => v });
  return (
    <DateTextBox
      kind={kind}
      value={input.value}
      onValue={input.onChange}
      onProblem={onInvalid}
      label={label ?? field.label}
      readOnly={readOnly}
      textField={{ id, name: input.name, onBlur: input.onBlur, error, helperText, disabled, required: field.required !== undefined && !readOnly, fullWidth: true }}
    />
  );
};

/** A calendar date: DD/MM/YYYY, its value 'YYYY-MM-DD'; empty is null. */
export const DateFieldInput = (props: GenericInputProps) => <FormDateBox {...props} kind="date" />;

/** A date and time in the browser's time zone: DD/MM/YYYY HH:MM, its value UTC ISO 8601; empty is null. */
export const DateTimeFieldInput = (props: GenericInputProps) => <FormDateBox {...props} kind="datetime" />;


/** An address: a URL box (the schemes allowed are checked by the field's validator). */
export const UrlFieldInput = (props: GenericInputProps) => (
  <FormTextField {...props} parse={blankIsNull} textField={() => ({ type: 'url' })} htmlInput={{ inputMode: 'url', maxLength: maxLengthOf(props.field) }} />
);
