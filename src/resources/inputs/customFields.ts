/**
 * Custom fields (spec section 3): a list of { name, type, value } with type 0 string, 1 boolean
 * (default false), 2 integer (default 0). The same shape holds a type's definitions for its
 * devices, a device's values and a firmware's free list. Pure functions, shared by the inputs.
 */
import type { Category } from '../../schemas';
import { sameJson } from '../../dataProvider/recordDiff';

export type CustomFieldType = 0 | 1 | 2;
export type CustomFieldValue = string | boolean | number;

export interface CustomField {
  name: string;
  type: CustomFieldType;
  value: CustomFieldValue;
}

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

export const isCustomFieldType = (t: unknown): t is CustomFieldType => t === 0 || t === 1 || t === 2;

export function defaultValue(type: CustomFieldType): CustomFieldValue {
  if (type === 1) return false;
  if (type === 2) return 0;
  return '';
}

const INTEGER = /^-?\d+$/;

export function parseInteger(text: string): number | undefined {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The value in the shape of the type; what cannot be read becomes the type's default. */
export function coerceValue(type: CustomFieldType, value: unknown): CustomFieldValue {
  if (type === 1) return value === true || value === 'true';
  if (type === 2) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    return (typeof value === 'string' && parseInteger(value)) || 0;
  }
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? '' : String(value);
}

/** Stored data written before fields had a type (or by hand) still shows: the value tells the type. */
function inferType(value: unknown): CustomFieldType {
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return 2;
  return 0;
}

/** A stored list read leniently: entries without a string name are skipped. */
export function readCustomFields(stored: unknown): CustomField[] {
  if (!Array.isArray(stored)) return [];
  const fields: CustomField[] = [];
  for (const item of stored) {
    if (typeof item !== 'object' || item === null) continue;
    const { name, type, value } = item as { name?: unknown; type?: unknown; value?: unknown };
    if (typeof name !== 'string') continue;
    const t = isCustomFieldType(type) ? type : inferType(value);
    fields.push({ name, type: t, value: coerceValue(t, value) });
  }
  return fields;
}

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

/**
 * A device's values: one per definition of its type, in the type's order. A stored value of the
 * same name and type is kept; otherwise the definition's value is the default. Values of fields
 * the type no longer defines are dropped.
 */
export function valuesFromDefinitions(definitions: readonly CustomField[], stored: readonly CustomField[]): CustomField[] {
  const byName = new Map(stored.map((f) => [f.name, f]));
  return definitions
    .filter((d) => d.name.trim() !== '')
    .map((d) => {
      const own = byName.get(d.name);
      return { name: d.name, type: d.type, value: own && own.type === d.type ? own.value : coerceValue(d.type, d.value) };
    });
}

export interface DefinitionSource {
  /** The reference field of the object (type_id). */
  via: string;
  /** The referenced category's key, from the schema. */
  refKey: string;
  /** The referenced object's field holding the definitions. */
  definitions: string;
}

/** Where a field's entries are defined (its schema's `definedBy`), or undefined for a free list. */
export function definitionSource(category: Category, fieldName: string): DefinitionSource | undefined {
  const definedBy = category.fields[fieldName]?.definedBy;
  const refKey = definedBy && category.fields[definedBy.via]?.ref;
  return definedBy && refKey ? { via: definedBy.via, definitions: definedBy.field, refKey } : undefined;
}
