/**
 * Client-side validation of the object form (spec section 5) with the very validators the server
 * runs on a request body (src/schemas/compile.ts: required, kind, length, the field's rule, with
 * the spec's messages and field labels), plus what only the console does: the server's answer to
 * a `remoteCheck` and the team-scoped `unique` rules against the existing names. Pure, unit-tested.
 */
import { fieldProblem, isEmptyValue, objectProblems, takesFile, type Category, type UniqueRule } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { displayField, NAME_FIELD } from '../displayField';
import type { Values } from './formFields';
import { TEAM_FIELD } from './pickerRules';
import { uniqueValue } from '../../schemas/lookalike';

export type FieldErrors = Record<string, string>;

export interface ValidationInput {
  category: Category;
  /** The fields the form shows. */
  fields: readonly string[];
  values: Values;
  /** The object as loaded, when editing: an unchanged name is accepted even if not unique. */
  record?: Values;
  /** Rows of GET /api/{cat}?fields=name,team_id[,version] (the spec's 'existing names'). */
  existing?: readonly Values[];
  /** Messages of the remote checks that failed, by field. */
  remote?: Readonly<Record<string, string | undefined>>;
}

/** A unique rule's typed field: its last (a device's uid), the others being the references that scope it (its type). */
export const typedField = (rule: UniqueRule): string => rule.fields[rule.fields.length - 1];

/** Unique rules within a team: the console checks them; others (uid per type) are the server's. */
export const teamUniqueRules = (category: Category): UniqueRule[] =>
  (category.unique ?? []).filter((r) => r.fields.includes(TEAM_FIELD));

const sameValue = (a: unknown, b: unknown) => !isEmptyValue(a) && !isEmptyValue(b) && String(a) === String(b);

/**
 * Unique rules outside the team (a device's uid per type) whose fields the form holds and whose
 * typed field the server's lists filter by exactly (declared `findsOne`, src/schemas/fieldSets.ts):
 * checked live by asking the server for the objects that hold the value (useUniqueChecks.ts),
 * since reading every value, as for the names of a team, would read a whole fleet. A look-alike
 * field is compared by a key that no list filters by: the server alone checks it, on save.
 */
export const liveUniqueRules = (category: Category, fields: readonly string[]): UniqueRule[] => {
  const exact = category.fieldSets.findsOne.filter((f) => !category.fields[f].lookalike);
  return (category.unique ?? []).filter(
    (r) => !r.fields.includes(TEAM_FIELD) && r.fields.every((f) => fields.includes(f)) && exact.includes(typedField(r)),
  );
};

/**
 * True when one of `rows` (not the edited object) holds the values of `values` in every field of
 * the rule, compared as the server compares them: a name by its look-alike key ('Pump' and 'pump').
 */
export function clashes(category: Category, rule: UniqueRule, values: Values, rows: readonly Values[], record?: Values): boolean {
  if (rule.fields.some((f) => isEmptyValue(values[f]))) return false;
  if (record && rule.fields.every((f) => sameValue(values[f], record[f]))) return false;
  const isSelf = (row: Values) => record !== undefined && row.id !== undefined && String(row.id) === String(record.id);
  const same = (f: string, row: Values) =>
    !isEmptyValue(row[f]) && uniqueValue(category.fields[f], String(row[f]).trim()) === uniqueValue(category.fields[f], String(values[f]).trim());
  return rows.some((row) => !isSelf(row) && rule.fields.every((f) => same(f, row)));
}

/** The fields of the 'existing names' call, or none when the category has no such rule. */
export const existingNamesFields = (category: Category): string[] => [...new Set(teamUniqueRules(category).flatMap((r) => r.fields))];

function uniquenessErrors(input: ValidationInput): FieldErrors {
  const { category, values, record, existing } = input;
  const errors: FieldErrors = {};
  if (!existing) return errors;
  for (const rule of teamUniqueRules(category)) {
    // The message belongs to the last field of the rule: the name, or the version of a firmware pair.
    if (clashes(category, rule, values, existing, record)) errors[typedField(rule)] = rule.message(values);
  }
  return errors;
}

/** The first problem of each field: the server's validator (required, kind, rule), then the remote check, then uniqueness. */
export function validateObject(input: ValidationInput): FieldErrors {
  const { category, fields, values, remote = {} } = input;
  const errors: FieldErrors = {};
  for (const name of fields) {
    const problem = fieldProblem(category.fields[name], values[name]) ?? (isEmptyValue(values[name]) ? undefined : remote[name]);
    if (problem) errors[name] = problem;
  }
  for (const [name, message] of Object.entries(objectProblems(category, fields, values))) if (fields.includes(name)) errors[name] ??= message;
  for (const [name, message] of Object.entries(uniquenessErrors(input))) errors[name] ??= message;
  return errors;
}

export interface FileState {
  /** The object already holds its file. */
  uploaded: boolean;
  chosen: boolean;
  hashing: boolean;
}

/** The problem of the object's file (`category.file`), under its file name field: none chosen when one is required, or still hashing. */
export function fileErrors(category: Category, state: FileState, values: Values): FieldErrors {
  const spec = category.file;
  if (!spec || !takesFile(spec, values)) return {};
  if (state.hashing) return { [spec.filename]: ownMessages.waitForHash };
  if (spec.required && !state.uploaded && !state.chosen) return { [spec.filename]: spec.required };
  return {};
}

/**
 * The items of the error list under 'Please, fix the following errors:': the summary
 * 'Name is not valid.' first when the name is wrong (a category whose objects are named by another
 * field says that field's own message, naming it by its label), then each message once.
 */
export function errorListItems(category: Category, errors: FieldErrors): string[] {
  const items: string[] = [];
  if (displayField(category) === NAME_FIELD && errors[NAME_FIELD]) items.push(messages.nameNotValid);
  for (const message of Object.values(errors)) if (!items.includes(message)) items.push(message);
  return items;
}
