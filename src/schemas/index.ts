/**
 * The registry: every category of spec section 3, in one list. A new category is one file
 * beside this one plus one line here.
 */
import type { Category } from './defineCategory';
import { checkRegistry } from './registryCheck';
import { device } from './device';
import { devicesGroup } from './devicesGroup';
import { type } from './type';
import { firmware } from './firmware';
import { team } from './team';
import { role } from './role';
import { user } from './user';
import { config } from './config';
import { basicDocument } from './basicDocument';
import { documentsCollection } from './documentsCollection';

const declared = [
  team,
  user,
  role,
  type,
  firmware,
  devicesGroup,
  config,
  basicDocument,
  documentsCollection,
  device,
] as const satisfies readonly Category[];

/** The key of a category of the registry ('device', ...): a typo in a key is a type error. */
export type CategoryKey = (typeof declared)[number]['key'];
/** The registry's category of that key, with its literal declaration (fields, kinds, refs). */
export type CategoryOf<K extends CategoryKey> = Extract<(typeof declared)[number], { key: K }>;

export const categories: readonly Category[] = declared;

checkRegistry(categories);

const byKey = new Map(categories.map((c) => [c.key, c]));

export function getCategory(key: string): Category | undefined {
  return byKey.get(key);
}

export function mustGetCategory(key: string): Category {
  const c = byKey.get(key);
  if (!c) throw new Error(`Unknown category '${key}'`);
  return c;
}

export * from './defineCategory';
export * from './rules';
export * from './kinds';
export * from './compile';
export type { RowOf } from './rowOf';
export { checkRegistry } from './registryCheck';
export { RegistryError } from './fieldCheck';
