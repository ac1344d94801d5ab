/**
 * Disabled objects (CategoryDef.disabled, a firmware) and the references that must not name one
 * (FieldSpec.enabledOnly, a target firmware): the one reading of both declarations, by the
 * console's pickers and form and by the server's writes, so each side refuses what the other does.
 */
import type { Category, FieldSpec } from './defineCategory';
import { referrersOf, type Referrer } from './referrers';

/** The object is disabled: its category's `disabled` flag is set (1 or true). */
export function isDisabled(category: Category, object: Readonly<Record<string, unknown>>): boolean {
  const flag = category.disabled?.field;
  return flag !== undefined && (object[flag] === 1 || object[flag] === true);
}

/** Why `field` may not newly name `object` (of `target`), or undefined when it may. */
export function disabledChoiceProblem(field: FieldSpec, target: Category, object: Readonly<Record<string, unknown>>): string | undefined {
  return field.enabledOnly === true && isDisabled(target, object) ? target.disabled?.chosen(object) : undefined;
}

/** The references that keep an object of `target` from being disabled while they name it. */
export function enabledOnlyReferrers(categories: readonly Category[], target: Category): Referrer[] {
  return referrersOf(categories, target).filter((referrer) => referrer.field.enabledOnly === true);
}
