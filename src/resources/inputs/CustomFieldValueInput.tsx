/**
 * The value of one custom field, with an input that fits its type: text for a string, a checkbox
 * for a boolean, a whole number for an integer. An integer keeps the typed text as a draft until
 * it reads as a whole number, so '-' or an emptied box can be typed through. Read-only, the value
 * is plain text (a boolean stays a disabled checkbox: it needs no words).
 */
import { Checkbox, TextField, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { parseInteger, type CustomFieldType, type CustomFieldValue } from './customFields';

export interface CustomFieldValueInputProps {
  type: CustomFieldType;
  value: CustomFieldValue;
  draft?: string;
  /** Accessible name of the input: the field's name on a device, 'Value' in an editor row. */
  label: string;
  readOnly: boolean;
  onChange: (value: CustomFieldValue, draft?: string) => void;
}

export const CustomFieldValueInput = ({ type, value, draft, label, readOnly, onChange }: CustomFieldValueInputProps) => {
  if (type === 1) {
    return (
      <Checkbox
        checked={value === true}
        disabled={readOnly}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
        sx={{ px: 0 }}
      />
    );
  }
  if (readOnly) return <Typography variant="body2">{String(value)}</Typography>;
  if (type === 2) {
    const text = draft ?? String(value);
    const invalid = parseInteger(text) === undefined;
    return (
      <TextField
        size="small"
        value={text}
        error={invalid}
        helperText={invalid ? ownMessages.customFieldNotInteger : undefined}
        onChange={(e) => {
          const parsed = parseInteger(e.target.value);
          // Until the text is a whole number the last good value stays the saved one.
          onChange(parsed ?? value, parsed === undefined ? e.target.value : undefined);
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label } }}
      />
    );
  }
  return (
    <TextField
      size="small"
      value={String(value)}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    />
  );
};
