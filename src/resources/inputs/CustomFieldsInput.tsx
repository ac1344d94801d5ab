/**
 * The input of every field declared with input 'customFields' (the generic input map uses it).
 * A field whose entries are defined on a referenced object (`definedBy`: a device's values,
 * defined by its type) is an @rjsf form of the compiled definitions; any other (a firmware's
 * list) is a free list. A type's own definitions use the same list with confirmations,
 * registered by the type override.
 */
import { CustomFieldListInput } from './CustomFieldListInput';
import { CustomFieldValuesInput } from './CustomFieldValuesInput';
import type { GenericInputProps } from './inputProps';

export const CustomFieldsInput = (props: GenericInputProps) =>
  props.field.definedBy ? <CustomFieldValuesInput {...props} /> : <CustomFieldListInput {...props} />;
