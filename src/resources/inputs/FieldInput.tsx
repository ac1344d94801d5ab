import type { ComponentType } from 'react';
import type { InputKind } from '../../schemas';
import { CustomFieldsInput } from './CustomFieldsInput';
import { DateFieldInput, DateTimeFieldInput, UrlFieldInput } from './DateFieldInputs';
import { FormTextField } from './FormTextField';
import { maxLengthOf } from '../../schemas/kinds';
import { EnumFieldInput } from './EnumFieldInput';
import { IconFieldInput } from './IconFieldInput';
import { blankIsNull, type GenericInputProps } from './inputProps';
import { inputKind } from './inputKind';
import { JsonFieldInput } from './JsonFieldInput';
import { NumberFieldInput } from './NumberFieldInput';
import { RefListFieldInput } from './RefListFieldInput';
import { SelectFieldInput } from './SelectFieldInput';
import { SwitchFieldInput } from './SwitchFieldInput';
import { TextAreaInput } from './TextAreaInput';
import { TextFieldInput } from './TextFieldInput';

const PasswordInput = (props: GenericInputProps) => <TextFieldInput {...props} type="password" />;
/** An e-mail box: the phone's keyboard with '@'; empty is null, as for an address. */
const EmailInput = (props: GenericInputProps) => (
  <FormTextField {...props} parse={blankIsNull} textField={() => ({ type: 'email' })} htmlInput={{ inputMode: 'email', maxLength: maxLengthOf(props.field), minLength: props.field.minLength }} />
);

/** The generic input of each kind; 'none' has none (the field is handled elsewhere, or not at all). */
const INPUTS: Record<InputKind, ComponentType<GenericInputProps> | undefined> = {
  text: TextFieldInput,
  textarea: TextAreaInput,
  number: NumberFieldInput,
  switch: SwitchFieldInput,
  select: SelectFieldInput,
  enum: EnumFieldInput,
  date: DateFieldInput,
  datetime: DateTimeFieldInput,
  url: UrlFieldInput,
  email: EmailInput,
  json: JsonFieldInput,
  customFields: CustomFieldsInput,
  icon: IconFieldInput,
  password: PasswordInput,
  refList: RefListFieldInput,
  none: undefined,
};

/** The input the schema asks for a field. */
export const FieldInput = (props: GenericInputProps) => {
  const Input = INPUTS[inputKind(props.field)];
  return Input ? <Input {...props} /> : null;
};
