/**
 * What the console keeps per user (spec section 3: a user's `preferences`; section 7: PUT /api/user
 * with body preferences), so that signing in on another browser brings the same console: the theme,
 * and per table (by category key, or list route) the columns shown, in their order, and the page size. One zod
 * schema for both sides: the server refuses anything else (the user field's check,
 * src/schemas/user.ts), the console sends only what it passes (src/dataProvider/preferencesStore.ts).
 * Bounded: a few tables of a few columns are a few hundred bytes; MAX_PREFERENCES_BYTES leaves room
 * for every category and column and refuses a client filling a row with megabytes.
 */
import { z } from 'zod';
import { ownMessages } from '../messages';

export const THEMES = ['light', 'dark'] as const;

/** Largest preferences, as JSON text. */
export const MAX_PREFERENCES_BYTES = 16_384;
/** Most tables and most columns of a table. */
export const MAX_PREFERENCE_TABLES = 50;
export const MAX_PREFERENCE_COLUMNS = 100;
/** The tables' page size until the user chooses another (a page size equal to it is no choice). */
export const PAGE_SIZE = 25;
/** Largest page size kept (a table reads one page at a time: far more than a screen holds). */
export const MAX_PREFERENCE_PAGE_SIZE = 1_000;

/** A column's source (a field name or an optional column's key). */
const NAME = /^[a-z][a-z0-9_]{0,63}$/;
/** A table: its category key, or the list route of a page showing several categories ('/documents'). */
const TABLE = /^\/?[a-z][a-z0-9_]{0,63}$/;

const columnsProblem = ownMessages.preferenceColumns(MAX_PREFERENCE_COLUMNS);
const pageSizeProblem = ownMessages.preferencePageSize(MAX_PREFERENCE_PAGE_SIZE);
/** An object with only the declared keys: another key is named, anything else is not an object. */
const objectProblem = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? ownMessages.unknownPreference((issue as { keys: string[] }).keys[0]) : ownMessages.preferencesNotObject;

const tablePreferences = z.strictObject(
  {
    columns: z
      .array(z.string({ error: columnsProblem }).regex(NAME, { error: columnsProblem }), { error: columnsProblem })
      .max(MAX_PREFERENCE_COLUMNS, { error: columnsProblem })
      .refine((columns) => new Set(columns).size === columns.length, { error: columnsProblem })
      .optional(),
    perPage: z
      .number({ error: pageSizeProblem })
      .int({ error: pageSizeProblem })
      .min(1, { error: pageSizeProblem })
      .max(MAX_PREFERENCE_PAGE_SIZE, { error: pageSizeProblem })
      .optional(),
  },
  { error: objectProblem },
);

export const preferencesSchema = z
  .strictObject(
    {
      theme: z.enum(THEMES, { error: ownMessages.preferenceTheme(THEMES) }).optional(),
      lists: z
        .record(z.string().regex(TABLE), tablePreferences, {
          error: (issue) => (issue.code === 'invalid_key' ? ownMessages.preferenceTable : ownMessages.preferencesNotObject),
        })
        .refine((lists) => Object.keys(lists).length <= MAX_PREFERENCE_TABLES, { error: ownMessages.preferenceTables(MAX_PREFERENCE_TABLES) })
        .optional(),
    },
    { error: objectProblem },
  )
  .refine((value) => JSON.stringify(value).length <= MAX_PREFERENCES_BYTES, { error: ownMessages.preferencesTooLarge(MAX_PREFERENCES_BYTES) });

export type Preferences = z.infer<typeof preferencesSchema>;

/** The user field's check: the first problem of a value sent as preferences, or undefined. */
export function preferencesProblem(value: unknown): string | undefined {
  const result = preferencesSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A stored value as the console reads it: what the schema accepts, else none (a row from before the schema). */
export function readPreferences(value: unknown): Preferences {
  const result = preferencesSchema.safeParse(value);
  return result.success ? result.data : {};
}
