/**
 * The row of a category as the server reads it from the database, typed from its declaration:
 * `RowOf<typeof device>` has `type_id: number`, `group_id: number | null`, `doc_type` one of its
 * enum values, and so on. Type-level only; the field helpers of fields.ts keep their literal
 * kinds for it (`satisfies FieldSpec`), so a hook reading `existing.is_disabled` gets a number.
 */
import type { FieldKind, FieldSpec } from './defineCategory';

/** What a column of each kind holds once read (the drivers give dates as Date objects). */
interface KindValue {
  text: string;
  integer: number;
  number: number;
  boolean: boolean;
  date: Date;
  datetime: Date;
  enum: string;
  url: string;
  email: string;
  ref: number;
  refList: readonly (number | { id: number })[];
  json: unknown;
}

type ValueOf<F extends FieldSpec> = F extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : F['kind'] extends FieldKind
    ? KindValue[F['kind']]
    : never;

/** A required field is never empty in the database; any other may be null. */
type Empty<F extends FieldSpec> = F extends { required: string } ? never : null;

export type RowOf<C extends { readonly fields: Readonly<Record<string, FieldSpec>> }> = { id: number } & {
  -readonly [K in keyof C['fields']]: ValueOf<C['fields'][K]> | Empty<C['fields'][K]>;
};
