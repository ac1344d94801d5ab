/**
 * Which objects hold documentation and where it comes from, read from the registry rather than
 * listed by hand: a category holds documentation when it has a reference to the collections
 * category (documents_collection_id), and an object inherits the documentation of every object it
 * references that holds some (a device: its type, group and firmwares). So a new documented
 * category, or a new reference to one, shows up in the panel and the assign dialog unedited.
 */
import type { RaRecord } from 'react-admin';
import { categories, mustGetCategory, type Category } from '../../schemas';
import { optionLabel, type OptionRow } from '../dropdown/picker';
import { ownMessages } from '../../messages';

/** The categories of spec section 3 this feature is about: documents and their collections. */
export const DOCUMENT_KEY = 'basic_document';
export const COLLECTION_KEY = 'documents_collection';

/** The field of the object naming its collection, or undefined for a category without documentation. */
export function collectionFieldOf(category: Category): string | undefined {
  return Object.entries(category.fields).find(([, f]) => f.kind === 'ref' && f.ref === COLLECTION_KEY)?.[0];
}

/** Categories whose objects hold documentation (type, firmware, group, device), in registry order. */
export const documentedCategories = (): Category[] => categories.filter((c) => collectionFieldOf(c) !== undefined);

/** A document's target class names the category by its route base ('group' for devices_group); 'other' fits all. */
export function categoriesForTargetClass(targetClass: unknown): Category[] {
  const all = documentedCategories();
  const named = all.filter((c) => c.console?.base === targetClass);
  return named.length > 0 ? named : all;
}

/** One object whose documentation another one shows first (a device's type). */
export interface InheritedSource {
  /** The referencing field ('type_id'); its label names the heading ('Documentation of the type ...'). */
  field: string;
  label: string;
  category: Category;
  id: number;
  /** As the Dropdown names it ('Firmware A (1.0.0)'); the id when the record carries no expansion. */
  name: string;
}

/**
 * The documented objects the record references, in the order its schema declares the fields, except
 * that references to the same category stay together, what the object reports (a system field: the
 * current firmware) before what was chosen for it (the target firmware), as spec section 2 lists them.
 */
export function inheritedSources(category: Category, record: RaRecord): InheritedSource[] {
  const sources = referencedSources(category, record);
  const rank = (s: InheritedSource) => [sources.findIndex((o) => o.category === s.category), category.fields[s.field].system ? 0 : 1, sources.indexOf(s)];
  return [...sources].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
}

function referencedSources(category: Category, record: RaRecord): InheritedSource[] {
  return Object.entries(category.fields).flatMap(([field, spec]) => {
    if (spec.kind !== 'ref' || !spec.ref || spec.inheritsDocumentation === false) return [];
    const target = mustGetCategory(spec.ref);
    const id = Number(record[field]);
    if (collectionFieldOf(target) === undefined || !Number.isInteger(id) || id <= 0) return [];
    const expansion = Object.entries(category.expansions ?? {}).find(([, e]) => e.field === field)?.[0];
    const row = expansion ? (record[expansion] as OptionRow | null | undefined) : undefined;
    const name = row ? optionLabel(target, row) : ownMessages.objectById(id);
    return [{ field, label: spec.label, category: target, id, name }];
  });
}
