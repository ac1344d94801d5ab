/**
 * The server's registry: the categories of src/schemas with the hooks of server/categories, by
 * key. buildApp runs on it unless given another (a test's registry with a fixture category), so
 * the generic code in server/crud reads hooks from the value it is given and never imports
 * server/categories.
 */
import { categories, type CategoryKey, type CategoryOf } from '../src/schemas/index';
import type { RowOf } from '../src/schemas/rowOf';
import type { CategoryHooks } from './crud/hooks';
import { serverRegistry } from './crud/registry';
import { teamHooks } from './categories/team';
import { userHooks } from './categories/user';
import { roleHooks } from './categories/role';
import { deviceHooks } from './categories/device';
import { rolloutHooks } from './categories/rollout';
import { devicesGroupHooks } from './categories/devicesGroup';
import { firmwareHooks } from './categories/firmware';

/** Each category's hooks read its rows typed from its declaration. */
export const hooks: { readonly [K in CategoryKey]?: CategoryHooks<RowOf<CategoryOf<K>>> } = {
  team: teamHooks,
  user: userHooks,
  role: roleHooks,
  device: deviceHooks,
  rollout: rolloutHooks,
  devices_group: devicesGroupHooks,
  firmware: firmwareHooks,
};

export const registry = serverRegistry(categories, hooks);
