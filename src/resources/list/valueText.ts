/**
 * A field's value as the text a table cell, the read-only facts and the view show, by its kind
 * (src/schemas/kinds.ts): dates in en-GB (spec section 1), an enum by its label, a switch with
 * labels by what it reads ('Enabled', src/schemas/switchState.ts). References and links are not
 * text: their components live in listColumns.tsx.
 */
import type { FieldSpec } from '../../schemas';
import { formatDate } from '../../formatDate';
import { switchText } from '../../schemas/switchState';

export function valueText(field: FieldSpec, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const asSwitch = switchText(field, value);
  if (asSwitch !== undefined) return asSwitch;
  switch (field.kind) {
    case 'date':
      return formatDate(String(value), { time: false });
    case 'datetime':
      return formatDate(String(value));
    case 'enum':
      return field.valueLabels?.[String(value)] ?? String(value);
    case 'json':
    case 'refList':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}
