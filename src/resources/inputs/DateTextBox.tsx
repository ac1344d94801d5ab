/**
 * The one box of a date or a date and time (every category's date fields, the Audit page's day
 * filters): typed and shown en-GB whatever the browser's locale (a US Chromium's own picker shows
 * MM/DD/YYYY, spec section 1 shows dates en-GB), digits alone on a phone's numeric keypad, and a
 * calendar button that opens the browser's own picker for those who would rather pick.
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { Box, IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ownMessages } from '../../messages';
import { maskDateText, readDateText, showDateText, type DateTextKind, type DateTextRead } from './enGbDateText';

export interface DateTextBoxProps {
  kind: DateTextKind;
  /** 'YYYY-MM-DD' (date) or ISO 8601 (datetime); null or '' for none. */
  value: unknown;
  /** A text that reads as a value (null when emptied); a text that does not leaves the value as it was. */
  onValue: (value: string | null) => void;
  /** Why the text does not read (naming the field by its label), or undefined once it does. */
  onProblem?: (message: string | undefined) => void;
  label: string;
  readOnly?: boolean;
  /** The rest of the MUI box (id, name, onBlur, error, helperText, required, size, width). */
  textField?: Partial<TextFieldProps>;
}

/** The words for a text that does not read, naming the field by its label. */
function problemMessage(read: DateTextRead, kind: DateTextKind, label: string, text: string): string | undefined {
  if ('value' in read) return undefined;
  if (read.problem === 'noSuchDate') return ownMessages.noSuchDate(label, text.trim());
  return kind === 'date' ? ownMessages.dateNotValid(label) : ownMessages.dateTimeNotValid(label);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value as the browser's own picker holds it: 'YYYY-MM-DD', or 'YYYY-MM-DDTHH:mm' in local time. */
function pickerValue(value: unknown, kind: DateTextKind): string {
  if (typeof value !== 'string' || value === '') return '';
  if (kind === 'date') return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return `${String(at.getFullYear()).padStart(4, '0')}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The value a pick means: the day as it is, a local date and time as UTC ISO 8601; empty is null. */
function pickedValue(picked: string, kind: DateTextKind): string | null {
  if (picked === '' || kind === 'date') return picked === '' ? null : picked;
  const at = new Date(picked);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export const DateTextBox = ({ kind, value, onValue, onProblem, label, readOnly, textField = {} }: DateTextBoxProps) => {
  const [text, setText] = useState(() => showDateText(value, kind));
  const [problem, setProblem] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);

  const report = (message: string | undefined) => {
    setProblem(message);
    onProblem?.(message);
  };

  // The value changed under the box (a reset, a refresh, a pick): show it, unless the text already means it.
  useEffect(() => {
    const read = readDateText(text, kind);
    if (!('value' in read) || read.value !== (value === '' || value === undefined ? null : value)) {
      setText(showDateText(value, kind));
      report(undefined);
    }
    // Only the value drives this; the text is compared, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const box = event.target;
    // Typing at the end is laid out (separators put in); an edit inside the text is kept as typed.
    const next = box.value.length > text.length && box.selectionStart === box.value.length ? maskDateText(box.value, kind) : box.value;
    setText(next);
    const read = readDateText(next, kind);
    report(problemMessage(read, kind, label, next));
    if ('value' in read) onValue(read.value);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const next = pickedValue(event.target.value, kind);
    setText(showDateText(next, kind));
    report(undefined);
    onValue(next);
  };

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    // showPicker is missing in older browsers: there the picker opens on a click.
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.click();
  };

  const calendar = readOnly ? undefined : (
    <InputAdornment position="end">
      <Box sx={{ position: 'relative' }}>
        <IconButton aria-label={ownMessages.pickDate(label)} onClick={openPicker} disabled={textField.disabled} edge="end" size="small">
          <CalendarMonthIcon fontSize="small" />
        </IconButton>
        <Box
          component="input"
          ref={picker}
          type={kind === 'date' ? 'date' : 'datetime-local'}
          value={pickerValue(value, kind)}
          onChange={pick}
          aria-hidden
          tabIndex={-1}
          data-testid="date-picker"
          sx={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, p: 0, pointerEvents: 'none' }}
        />
      </Box>
    </InputAdornment>
  );

  return (
    <TextField
      {...textField}
      label={label}
      value={text}
      onChange={change}
      error={textField.error || problem !== undefined}
      // Where no form takes the problem (a filter), the box says it itself.
      helperText={textField.helperText ?? (onProblem ? undefined : problem)}
      placeholder={kind === 'date' ? ownMessages.datePlaceholder : ownMessages.dateTimePlaceholder}
      slotProps={{
        inputLabel: { shrink: true },
        input: { readOnly, endAdornment: calendar },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
      }}
    />
  );
};
