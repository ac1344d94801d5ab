/**
 * The registry the generic server code runs on: the categories and their hooks, given to buildApp
 * as one value. Generic code reads hooks and looks categories up here, never in server/categories,
 * so an app can be built on another registry (a test's fixture category) and server/crud imports
 * nothing that imports it back.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { checkRegistry } from '../../src/schemas/registryCheck';
import type { CategoryHooks, ServerRegistry } from './hooks';

export type { ServerRegistry } from './hooks';

const none: CategoryHooks = {};

/** `K`: the categories' keys, as their type names them (the product's keys, or any string for a test's registry). */
export function serverRegistry<K extends string>(
  categories: readonly (Category & { readonly key: K })[],
  hooks?: Readonly<Partial<Record<K, CategoryHooks>>>,
): ServerRegistry<K> {
  // A test's registry is checked like the console's (src/schemas/index.ts): one clear line, at once.
  checkRegistry(categories);
  const byKey = new Map<string, Category>(categories.map((c) => [c.key, c]));
  return {
    categories,
    hooks: (key) => hooks?.[key] ?? none,
    get(key) {
      const category = byKey.get(key);
      if (!category) throw new Error(`Unknown category '${key}'`);
      return category;
    },
    find: (key) => byKey.get(key),
  };
}
