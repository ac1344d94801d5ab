import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useInput } from 'react-admin';
import { ownMessages } from '../../messages';
import { sameJson } from '../../schemas/sameJson';
import { textAreaRows } from './TextAreaInput';
import type { GenericInputProps } from './inputProps';

export const jsonText = (value: unknown): string => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

/** The value of a JSON text: null when empty, undefined when it does not parse. */
export function parseJsonText(text: string): { value: unknown } | undefined {
  if (text.trim() === '') return { value: null };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Any JSON value, edited as text. Text that does not parse stays in the box (nothing typed is
 * lost) and is reported through onInvalid, which keeps the form from saving the previous value.
 */
export const JsonFieldInput = ({ name, field, readOnly, label, error, helperText, disabled, onInvalid }: GenericInputProps) => {
  const { field: input, id } = useInput({ source: name, format: (v: unknown) => v, parse: (v: unknown) => v });
  const [text, setText] = useState(() => jsonText(input.value));
  const [invalid, setInvalid] = useState(false);

  // The form value changed under the input (a reset, a refresh): show it.
  useEffect(() => {
    const parsed = parseJsonText(text);
    if (!parsed || !sameJson(parsed.value, input.value ?? null)) {
      setText(jsonText(input.value));
      setInvalid(false);
      onInvalid?.(undefined);
    }
    // Only the form value drives this; the text is compared, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input.value]);

  const change = (next: string) => {
    setText(next);
    const parsed = parseJsonText(next);
    setInvalid(!parsed);
    onInvalid?.(parsed ? undefined : ownMessages.jsonNotValid(label ?? field.label));
    if (parsed) input.onChange(parsed.value);
  };

  return (
    <TextField
      id={id}
      name={input.name}
      value={text}
      onChange={(e) => change(e.target.value)}
      onBlur={input.onBlur}
      multiline
      rows={textAreaRows(text)}
      label={label ?? field.label}
      error={error || invalid}
      helperText={helperText}
      disabled={disabled}
      fullWidth
      slotProps={{ input: { readOnly, sx: { fontFamily: 'monospace' } } }}
    />
  );
};
