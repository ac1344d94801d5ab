import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useInput } from 'react-admin';
import { switchOn, switchValue } from '../../schemas/switchState';
import type { GenericInputProps } from './inputProps';

/**
 * A switch for a boolean, or for an integer flag stored as 0/1. With `switchLabels` it reads its
 * state and is named by what on means (a firmware's switch: on reads 'Enabled', off 'Disabled',
 * its flag is_disabled inverted, src/schemas/switchState.ts); otherwise it reads the field label.
 */
export const SwitchFieldInput = ({ name, field, readOnly, label, helperText, disabled }: GenericInputProps) => {
  const { field: input, id } = useInput({ source: name, format: (v: unknown) => switchOn(field, v), parse: (v: unknown) => v });
  const on = input.value === true;
  const named = field.switchLabels?.[1] ?? label ?? field.label;
  const text = field.switchLabels?.[on ? 1 : 0] ?? label ?? field.label;
  return (
    <>
      <FormControlLabel
        label={text}
        control={
          <Switch
            id={id}
            name={input.name}
            checked={on}
            disabled={disabled || readOnly}
            onBlur={input.onBlur}
            onChange={(_, checked) => input.onChange(switchValue(field, checked))}
            slotProps={{ input: { 'aria-label': named } }}
          />
        }
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </>
  );
};
