import { DropdownInput } from '../dropdown/DropdownInput';
import type { GenericInputProps } from './inputProps';
import { useDisabledChoice } from './useDisabledChoice';

/**
 * A reference picker: the shared Dropdown bound to the form. It filters its options by the form's
 * own fields (a type picker by the team, a group or firmware picker by the type), and reports a
 * newly chosen disabled object where the field refuses one.
 */
export const SelectFieldInput = ({ name, field, mode, readOnly, label, helperText, disabled, onInvalid }: GenericInputProps) => {
  if (!field.ref) throw new Error(`${name}: a select input needs a ref field`);
  useDisabledChoice(name, field, mode, onInvalid);
  return (
    <DropdownInput
      source={name}
      reference={field.ref}
      context="form"
      label={label ?? field.label}
      disabled={disabled || readOnly}
      helperText={helperText}
      required={field.required !== undefined && !readOnly}
      // As wide as the form's other inputs, also beside a create-inline '+' button.
      fullWidth
    />
  );
};
