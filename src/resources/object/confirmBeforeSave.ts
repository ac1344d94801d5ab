/**
 * Asks the confirmations of spec section 5 before an existing object is saved: the warning of
 * each emptied `confirmUnset` field, then the list of `confirmChange` changes. References are
 * shown by name: the old one from the loaded object's expansion, the new one read from the server;
 * the objects following a changed field are counted (changeConfirmation.ts followerLines).
 * Each prompt is the in-page dialog (useConfirm), never the browser's box.
 */
import type { DataProvider } from 'react-admin';
import { getCategory, type Category } from '../../schemas';
import { optionFields, optionLabel, type OptionRow } from '../dropdown/picker';
import { expansionKey, type Values } from './formFields';
import { changeConfirmationText, changeLines, confirmableChanges, followerLines, unsetWarnings, type FieldChange } from './changeConfirmation';

async function referenceName(dataProvider: DataProvider, refKey: string, id: unknown): Promise<string> {
  const target = getCategory(refKey);
  if (!target) return String(id);
  try {
    const { data } = await dataProvider.getOne(refKey, { id: String(id), meta: { full: false, fields: optionFields(target), report: false } });
    return optionLabel(target, data as OptionRow);
  } catch {
    // The name is a courtesy: the id still tells the user what changes.
    return String(id);
  }
}

async function describer(dataProvider: DataProvider, category: Category, record: Values, changes: readonly FieldChange[]) {
  const names = new Map<string, string>();
  for (const change of changes) {
    const field = category.fields[change.name];
    if (field.kind !== 'ref' || !field.ref) continue;
    const expanded = record[expansionKey(category, change.name) ?? ''] as OptionRow | null | undefined;
    const target = getCategory(field.ref);
    if (expanded && target && change.from !== null && change.from !== undefined) {
      names.set(`${change.name}:${String(change.from)}`, optionLabel(target, expanded));
    }
    if (change.to !== null && change.to !== undefined && change.to !== '') {
      names.set(`${change.name}:${String(change.to)}`, await referenceName(dataProvider, field.ref, change.to));
    }
  }
  return (change: FieldChange, value: unknown) => names.get(`${change.name}:${String(value)}`) ?? String(value);
}

/** Asks one prompt (the in-page dialog of useConfirm); true when accepted. */
export type AskConfirm = (text: string) => Promise<boolean> | boolean;

/** True when the user accepted every prompt (or there was none). */
export async function confirmBeforeSave(
  dataProvider: DataProvider,
  category: Category,
  values: Values,
  record: Values,
  confirm: AskConfirm,
): Promise<boolean> {
  for (const warning of unsetWarnings(category, values, record)) if (!(await confirm(warning))) return false;
  const changes = confirmableChanges(category, values, record);
  if (changes.length === 0) return true;
  const describe = await describer(dataProvider, category, record, changes);
  return confirm(changeConfirmationText([...changeLines(changes, describe), ...followerLines(category, changes, record)]));
}
