/**
 * The list editor's model of custom fields (a type's definitions, a firmware's free list): rows
 * with their origin and drafts over the shared model of src/schemas/customFields.ts, which the
 * inputs import from here too. Pure functions.
 */
import { sameJson } from '../../schemas/sameJson';
import {
  coerceValue,
  defaultValue,
  readCustomFields,
  type CustomField,
  type CustomFieldType,
} from '../../schemas/customFields';

export {
  coerceValue,
  defaultValue,
  isCustomFieldType,
  parseInteger,
  readCustomFields,
  valuesFromDefinitions,
  type CustomField,
  type CustomFieldType,
  type CustomFieldValue,
} from '../../schemas/customFields';

/** A row of the editor: the field plus what only the console needs. */
export interface CustomFieldRow extends CustomField {
  /** Stable React key: rows are added and deleted in the middle of the list. */
  key: number;
  /** The stored field the row was loaded from; absent for a row added in this form. */
  original?: CustomField;
  /** The text of an integer input while it is not a whole number yet ('-', '', '1e'). */
  draft?: string;
}

export const CUSTOM_FIELD_TYPES: readonly CustomFieldType[] = [0, 1, 2];

let nextKey = 1;

/** Editor rows for a stored list: every one of them exists already. */
export function rowsFromStored(stored: unknown): CustomFieldRow[] {
  return readCustomFields(stored).map((field) => ({ ...field, key: nextKey++, original: field }));
}

export function newRow(): CustomFieldRow {
  return { key: nextKey++, name: '', type: 0, value: defaultValue(0) };
}

/** A row whose type changed gets the new type's default value. */
export function withType(row: CustomFieldRow, type: CustomFieldType): CustomFieldRow {
  if (type === row.type) return row;
  return { ...row, type, value: defaultValue(type), draft: undefined };
}

/** What the form holds and saves: rows without a name are dropped (spec section 5), names trimmed. */
export function toSaved(rows: readonly CustomFieldRow[]): CustomField[] {
  return rows
    .filter((row) => row.name.trim() !== '')
    .map((row) => ({ name: row.name.trim(), type: row.type, value: coerceValue(row.type, row.value) }));
}

/**
 * The spec's client-only flag 'existing changed': a stored field whose type or value was edited.
 * Devices that already have the field keep their value, which the editor warns about.
 */
export function existingChanged(row: CustomFieldRow): boolean {
  if (!row.original) return false;
  return row.type !== row.original.type || !sameJson(coerceValue(row.type, row.value), row.original.value);
}

/** A stored field given another name: its old name leaves every device of the type on save. */
export function renamed(row: CustomFieldRow): boolean {
  return row.original !== undefined && row.name.trim() !== '' && row.name.trim() !== row.original.name;
}

/** Names used by more than one field (empty names are dropped anyway). */
export function duplicateNames(fields: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { name } of fields) {
    const n = name.trim();
    if (n === '') continue;
    if (seen.has(n)) twice.add(n);
    seen.add(n);
  }
  return [...twice];
}
