import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useInput } from 'react-admin';
import type { GenericInputProps } from './inputProps';

/**
 * A switch for a boolean, or for an integer flag stored as 0/1 (a firmware's is_disabled). With
 * `switchLabels` it reads the state ('Enabled' / 'Disabled'); otherwise the field label.
 */
export const SwitchFieldInput = ({ name, field, readOnly, label, helperText, disabled }: GenericInputProps) => {
  const asInteger = field.kind === 'integer';
  const { field: input, id } = useInput({ source: name, format: (v: unknown) => v === true || v === 1, parse: (v: unknown) => v });
  const on = input.value === true;
  const text = field.switchLabels ? field.switchLabels[on ? 1 : 0] : (label ?? field.label);
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
            onChange={(_, checked) => input.onChange(asInteger ? Number(checked) : checked)}
            slotProps={{ input: { 'aria-label': label ?? field.label } }}
          />
        }
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </>
  );
};
