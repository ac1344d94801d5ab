/**
 * Which fields the object screen shows and what a new object starts with, read from the schema
 * (spec section 2 'Object screen'). Pure: no React, so the rules are unit-tested directly.
 */
import { ID_FIELD, isEmptyValue, type Category, type FieldSpec } from '../../schemas';
import { messages } from '../../messages';
import { displayField, NAME_FIELD } from '../displayField';
import { valueText } from '../list/valueText';
import { optionLabel, type OptionRow } from '../dropdown/picker';
import { inputKind } from '../inputs/inputKind';

export type Values = Record<string, unknown>;

/** An empty value, as the validators see it (src/schemas/compile.ts). */
export { isEmptyValue };

/** The fields a user fills in: the writable ones (fieldSets.writable) that have an input. */
export const formFieldNames = (category: Category): string[] => category.fieldSets.writable.filter((name) => inputKind(category.fields[name]) !== 'none');

/**
 * The fields the form shows: those a user fills in and, once the object exists, the system or
 * input-less fields the category's override gives an input (values the server or a device sets,
 * or a reference the override edits its own way).
 */
export function shownFieldNames(category: Category, exists: boolean, overrideInputs: Readonly<Record<string, unknown>> = {}): string[] {
  const filled = new Set(formFieldNames(category));
  const readable = new Set(category.fieldSets.readable);
  return Object.keys(category.fields).filter((name) => filled.has(name) || (exists && readable.has(name) && overrideInputs[name] !== undefined));
}

/** Optional fields are hidden by default in a child form (spec: 'Show hidden fields'). */
export const isOptionalField = (field: FieldSpec): boolean => field.required === undefined;

/** The default name of a new object with these values (spec section 3): 'New {category}', or the category's own. */
export const defaultName = (category: Category, values: Values): string =>
  category.console?.newName?.(values) ?? messages.newObjectName(category.singular);

/**
 * The field a default name goes in: the category's `name` when it names its objects, else none (a
 * user's name is their own; a visit named by its date gets no 'New visit' in its date).
 */
export function defaultNameField(category: Category): string | undefined {
  return displayField(category) === NAME_FIELD && category.fieldSets.writable.includes(NAME_FIELD) ? NAME_FIELD : undefined;
}

/** A new object: the schema's defaults and the spec's default name. */
export function initialValues(category: Category, preset: Values = {}): Values {
  const values: Values = {};
  for (const name of formFieldNames(category)) {
    const field = category.fields[name];
    if (field.default !== undefined) values[name] = field.default;
    else if (field.kind === 'ref') values[name] = null;
  }
  const nameField = defaultNameField(category);
  if (nameField) values[nameField] = defaultName(category, { ...values, ...preset });
  return { ...values, ...preset };
}

export interface InfoItem {
  name: string;
  label: string;
  value: string;
}

/** The expansion that carries a ref field's object (author_id -> author). */
export function expansionKey(category: Category, fieldName: string): string | undefined {
  return Object.entries(category.expansions ?? {}).find(([, e]) => e.field === fieldName)?.[0];
}

/**
 * Read-only facts of an existing object (spec: the product ID, the owner, the creation date):
 * the id plus every system field declared `shownReadOnly` (a 'whenSet' one only while it holds a value).
 */
export function readOnlyInfo(category: Category, record: Values, refCategory: (key: string) => Category | undefined): InfoItem[] {
  const items: InfoItem[] = [{ name: 'id', label: ID_FIELD.label, value: String(record.id ?? '') }];
  for (const [name, field] of Object.entries(category.fields)) {
    if (!field.shownReadOnly) continue;
    const value = displayValue(category, name, field, record, refCategory);
    if (field.shownReadOnly === 'whenSet' && value === '') continue;
    items.push({ name, label: field.label, value });
  }
  return items;
}

/** A value as the read-only facts and the view show it, by its kind. */
export function displayValue(
  category: Category,
  name: string,
  field: FieldSpec,
  record: Values,
  refCategory: (key: string) => Category | undefined,
): string {
  const value = record[name];
  if (field.kind === 'ref') {
    const key = expansionKey(category, name);
    const target = field.ref ? refCategory(field.ref) : undefined;
    const expanded = key ? (record[key] as Values | null | undefined) : undefined;
    // Named as its pickers name it: a firmware by its name and version (spec section 2, Dropdown).
    if (expanded && target) return optionLabel(target, expanded as OptionRow);
    return isEmptyValue(value) ? '' : String(value);
  }
  return valueText(field, value);
}

/**
 * What a save sends: the form's values without the fields that follow another object while that
 * reference is set (spec section 4: a device's own target firmware is sent only when it has no group).
 */
export function savePayload(category: Category, values: Values): Values {
  const payload = { ...values };
  for (const [name, field] of Object.entries(category.fields)) {
    if (field.follows && (field.follows.always || !isEmptyValue(values[field.follows.via]))) delete payload[name];
  }
  return payload;
}
