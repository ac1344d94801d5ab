/**
 * The confirmations before saving an existing object (spec section 5): changes of the fields
 * declared `confirmChange` (type, group, target firmware, version) are listed and end with
 * 'Are you sure you want to keep these changes?'; emptying a field declared `confirmUnset` (a
 * device's target firmware) warns first; a change of a field other objects follow (a group's target
 * firmware, its devices' by the spec's 'Group choice') says how many it reaches, from the object's
 * declared count of them. Pure, unit-tested; the screen asks with the in-page dialog (confirmBeforeSave.ts).
 */
import type { Category } from '../../schemas';
import { categories } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { sameJson } from '../../schemas/sameJson';
import { isEmptyValue, type Values } from './formFields';

export interface FieldChange {
  name: string;
  label: string;
  from: unknown;
  to: unknown;
}

const normal = (v: unknown) => (isEmptyValue(v) ? null : v);

const isFollowing = (category: Category, name: string, values: Values) => {
  const via = category.fields[name]?.follows?.via;
  return via !== undefined && !isEmptyValue(values[via]);
};

/** The `confirmChange` fields whose value differs from the loaded object. */
export function confirmableChanges(category: Category, values: Values, record: Values): FieldChange[] {
  return Object.entries(category.fields)
    .filter(([name, field]) => field.confirmChange && name in values && !sameJson(normal(values[name]), normal(record[name])))
    .map(([name, field]) => ({ name, label: field.label, from: record[name], to: values[name] }));
}

/**
 * The warnings of the `confirmUnset` fields the user emptied. A value emptied because it follows
 * another object (a device joining a group without target firmware) was not the user's choice.
 */
export function unsetWarnings(category: Category, values: Values, record: Values): string[] {
  return Object.entries(category.fields)
    .filter(([name, field]) => field.confirmUnset && name in values && !isEmptyValue(record[name]) && isEmptyValue(values[name]))
    .filter(([name]) => !isFollowing(category, name, values))
    .map(([, field]) => field.confirmUnset!);
}

/** 'Type: A → B' lines; `describe` turns a value into text (a reference into its name). */
export function changeLines(changes: readonly FieldChange[], describe: (change: FieldChange, value: unknown) => string): string[] {
  const text = (change: FieldChange, value: unknown) => (isEmptyValue(value) ? ownMessages.noValue : describe(change, value));
  return changes.map((c) => ownMessages.changeLine(c.label, text(c, c.from), text(c, c.to)));
}

/** The confirm prompt: one line per change, then the spec's question. */
export const changeConfirmationText = (lines: readonly string[]): string => [...lines, messages.confirmChanges].join('\n');

/**
 * 'This changes the target firmware of 12 devices in this group too.': for each change of a field
 * that objects of another category follow through a reference to this one (FieldSpec.follows), their
 * number as the loaded object counts them (a `counts` entry over that reference).
 */
export function followerLines(category: Category, changes: readonly FieldChange[], record: Values): string[] {
  const lines: string[] = [];
  for (const change of changes) {
    for (const follower of categories) {
      for (const [name, field] of Object.entries(follower.fields)) {
        const via = field.follows?.via;
        if (name !== change.name || via === undefined || follower.fields[via]?.ref !== category.key) continue;
        const count = Object.entries(category.counts ?? {}).find(([, c]) => c.category === follower.key && c.via === via);
        const n = count ? Number(record[count[0]] ?? 0) : 0;
        if (n > 0) lines.push(ownMessages.followersAffected(change.label, ownMessages.countOf(n, follower), category.singular));
      }
    }
  }
  return lines;
}
