/** The inputs of the calendar kinds (date, datetime) and of url: the browser's own pickers and boxes. */
import { FormTextField } from './FormTextField';
import type { GenericInputProps } from './inputProps';

/** The box of a calendar date, the console's one way to enter a day (the Audit page's filters too). */
export const DATE_TEXT_FIELD = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

/** A calendar date: the browser's date picker, whose value is already 'YYYY-MM-DD'; empty is null. */
export const DateFieldInput = (props: GenericInputProps) => (
  <FormTextField
    {...props}
    parse={(text) => (text === '' ? null : text)}
    textField={() => DATE_TEXT_FIELD}
    htmlInput={{}}
  />
);

/** 'YYYY-MM-DDTHH:mm' of the local time zone, for a datetime-local input. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The instant a datetime-local value means here, as ISO 8601 with its offset (Z); empty is null. */
export function fromLocalInput(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** A date and time: the browser's picker in local time; the value travels as UTC ISO 8601. */
export const DateTimeFieldInput = (props: GenericInputProps) => (
  <FormTextField
    {...props}
    parse={fromLocalInput}
    format={toLocalInput}
    textField={() => ({ type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
    htmlInput={{}}
  />
);

/** Empty is null: '' is no address, and an optional url field accepts null only. */
export const parseUrl = (text: unknown): unknown => (typeof text === 'string' && text.trim() === '' ? null : text);

/** An address: a URL box (the schemes allowed are checked by the field's validator). */
export const UrlFieldInput = (props: GenericInputProps) => (
  <FormTextField {...props} parse={parseUrl} textField={() => ({ type: 'url' })} htmlInput={{ inputMode: 'url', maxLength: props.field.maxLength ?? 2048 }} />
);
