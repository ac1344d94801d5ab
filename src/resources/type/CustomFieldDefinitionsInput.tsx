/**
 * The type's definitions of its devices' custom fields: the shared list editor, in the mode that
 * confirms deleting a stored definition (the server then removes it from every device of the
 * type: the `definedBy` rule run by server/crud/definedBy.ts) and warns when a stored one's
 * type or value changes.
 */
import type { FieldInputProps } from '../overrides';
import { CustomFieldListInput } from '../inputs/CustomFieldListInput';

export const CustomFieldDefinitionsInput = (props: FieldInputProps) => <CustomFieldListInput {...props} definitions />;
