/**
 * Per-category server behaviour beyond the generic data layer, by category key. These files are
 * the only server code that names categories; a category without an entry is fully generic.
 */
import type { CategoryHooks } from '../crud/hooks';
import { teamHooks } from './team';
import { userHooks } from './user';
import { roleHooks } from './role';
import { deviceHooks } from './device';
import { devicesGroupHooks } from './devicesGroup';
import { firmwareHooks } from './firmware';
import { basicDocumentHooks } from './basicDocument';
import { documentsCollectionHooks } from './documentsCollection';
import { typeHooks } from './type';

const hooks: Record<string, CategoryHooks> = {
  team: teamHooks,
  user: userHooks,
  role: roleHooks,
  device: deviceHooks,
  devices_group: devicesGroupHooks,
  firmware: firmwareHooks,
  basic_document: basicDocumentHooks,
  documents_collection: documentsCollectionHooks,
  type: typeHooks,
};

const none: CategoryHooks = {};

export function hooksFor(key: string): CategoryHooks {
  return hooks[key] ?? none;
}
