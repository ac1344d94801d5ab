/**
 * The keys a category's declaration names, read from its literal type (defineCategory keeps it), so
 * that the compiler refuses a key the registry does not hold (src/schemas/index.ts) as checkRegistry
 * does at start. Type-level only.
 */
import type { Category } from './defineCategory';

/** A record as declared: without the index signature the generic Category adds to it. */
type Declaration<T> = { [N in keyof T as string extends N ? never : N]: T[N] };
type Entries<T> = Declaration<NonNullable<T>>[keyof Declaration<NonNullable<T>>];
type Named<T, P extends string> = T extends { readonly [Q in P]: infer K } ? K : never;

/** The names a record of a declaration declares (its fields, its lists), as literals: never any string. */
export type DeclaredNames<T> = keyof Declaration<NonNullable<T>> & string;

/** Every category key a declaration names: its references, its reverse lists' and counts' categories. */
type NamedKeys<C extends Category> = Named<Entries<C['fields']>, 'ref'> | Named<Entries<C['lists']>, 'category'> | Named<Entries<C['counts']>, 'category'>;

/** What `deleteWithContent` names that is no key of the category's `lists` (never when not declared). */
type UnlistedContent<C extends Category> =
  NonNullable<C['deleteWithContent']>[number] extends infer L ? (string extends L ? never : Exclude<L, keyof Declaration<NonNullable<C['lists']>>>) : never;

/** The keys a category (or a union of them) names that are not among `Keys`, and content keys naming no list. */
export type UnknownKeys<C extends Category, Keys extends string> = C extends Category ? Exclude<NamedKeys<C>, Keys> | UnlistedContent<C> : never;
