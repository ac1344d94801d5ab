/**
 * The registry: every category of spec section 3, in one list. A new category is one file
 * beside this one plus one line here.
 */
import type { Category } from './defineCategory';
import { checkRegistry } from './registryCheck';
import type { KnownKey } from './knownKey';
import type { UnknownKeys } from './namedKeys';
import type { RowOf } from './rowOf';
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
import { rollout } from './rollout';

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
  rollout,
] as const satisfies readonly Category[];

type Declared = (typeof declared)[number];

/** The key of a category of the registry ('device', ...): a typo in a key is a type error. */
export type CategoryKey = Declared['key'];
/** The registry's category of that key, with its literal declaration (fields, kinds, refs). */
export type CategoryOf<K extends CategoryKey> = Extract<Declared, { key: K }>;
/** A row of the registry's category of that key, as the server reads it (`CategoryRow<'firmware'>`, rowOf.ts). */
export type CategoryRow<K extends CategoryKey> = RowOf<CategoryOf<K>>;


/**
 * The compiler checks what checkRegistry checks at start for the product's registry: a reference
 * ('tpye'), a reverse list or a count naming no category, or a deleteWithContent naming no list,
 * fails `npm run typecheck` here, naming the key. (A test's registry is checked at start only.)
 */
const namesOnlyDeclared: [UnknownKeys<Declared, CategoryKey>] extends [never] ? true : `names no category or list: ${UnknownKeys<Declared, CategoryKey>}` = true;
void namesOnlyDeclared;

/** The registry's categories; each one's key is typed a CategoryKey (so is the server's registry made of them). */
export const categories: readonly (Category & { readonly key: CategoryKey })[] = declared;

checkRegistry(categories);

const byKey = new Map<string, Category>(categories.map((c) => [c.key, c]));

export function getCategory<K extends string>(key: KnownKey<K, CategoryKey>): Category | undefined {
  return byKey.get(key);
}

export function mustGetCategory<K extends string>(key: KnownKey<K, CategoryKey>): Category {
  const c = byKey.get(key);
  if (!c) throw new Error(`Unknown category '${key}'`);
  return c;
}

export * from './defineCategory';
export * from './rules';
export * from './kinds';
export * from './compile';
export type { RowOf } from './rowOf';
export type { KnownKey } from './knownKey';
export type { UnknownKeys, DeclaredNames } from './namedKeys';
export { checkRegistry } from './registryCheck';
export { RegistryError } from './fieldCheck';
