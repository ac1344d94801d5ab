/**
 * The fields a list's search box (`q`) searches, one selector for the server's query and the
 * console's search label: every readable text field declared `searchable`, else the field that
 * names the object (its summary's first) when that is text.
 */
import type { Category, FieldSpec } from './defineCategory';
import { KINDS } from './kinds';

const canSearch = (field: FieldSpec | undefined): boolean =>
  field !== undefined && !field.secret && !field.writeOnly && !field.private && KINDS[field.kind].sql === 'text';

export function searchFields(category: Category): string[] {
  const declared = Object.entries(category.fields)
    .filter(([, f]) => f.searchable && canSearch(f))
    .map(([name]) => name);
  if (declared.length > 0) return declared;
  const naming = category.summary[0];
  return naming !== undefined && canSearch(category.fields[naming]) ? [naming] : [];
}

/** The searched fields whose exact value finds one object (`findsOne`: a device's unique ID). */
export const findsOneFields = (category: Category): string[] => searchFields(category).filter((name) => category.fields[name].findsOne);
