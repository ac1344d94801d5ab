/**
 * How the console's lookups (index.ts) take a category key: one written in code must be one of the
 * registry's `Keys` (`mustGetCategory('devce')` does not compile), while a string only known at run
 * time (a route's resource, a key a declaration names, read by generic code) is looked up as it is,
 * an unknown one being refused then.
 */
export type KnownKey<Q extends string, Keys extends string> = Q extends Keys ? Q : string extends Q ? Q : Keys;
