/**
 * How a switch field's value reads, written once for the input, the view and the table's text: a
 * field declared `switchInverted` shows the inverse of its stored flag (a firmware's is_disabled 0
 * is a switch on, reading 'Enabled'), while the API keeps the flag as stored.
 */
import type { FieldSpec } from './fieldSpec';

/** The switch is on for this stored value. */
export const switchOn = (field: FieldSpec, value: unknown): boolean => (value === true || value === 1) !== (field.switchInverted === true);

/** The stored value of a switch turned on or off: 0/1 for an integer flag, else a boolean. */
export function switchValue(field: FieldSpec, on: boolean): boolean | number {
  const flag = on !== (field.switchInverted === true);
  return field.kind === 'integer' ? Number(flag) : flag;
}

/** What the switch reads for this stored value (`switchLabels`), or undefined without labels. */
export const switchText = (field: FieldSpec, value: unknown): string | undefined => field.switchLabels?.[switchOn(field, value) ? 1 : 0];
