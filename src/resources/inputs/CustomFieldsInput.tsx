/**
 * The input of every field declared with input 'customFields' (the generic input map uses it).
 * A field whose entries are defined on a referenced object (a device's values, defined by its
 * type) gets one typed input per definition; any other (a firmware's list) is a free list.
 * A type's own definitions use the same list with confirmations, registered by the type override.
 */
import type { FieldInputProps } from '../overrides';
import { CustomFieldListInput } from './CustomFieldListInput';
import { CustomFieldValuesInput } from './CustomFieldValuesInput';
import { definitionSource } from './customFields';

export const CustomFieldsInput = (props: FieldInputProps) => {
  const source = definitionSource(props.category, props.name);
  return source ? <CustomFieldValuesInput {...props} source={source} /> : <CustomFieldListInput {...props} />;
};
