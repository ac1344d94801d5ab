/**
 * A field's value as the text a table cell, the read-only facts and the view show, by its kind
 * (src/schemas/kinds.ts): dates in en-GB (spec section 1), an enum by its label. References and
 * links are not text: their components live in listColumns.tsx.
 */
import type { FieldSpec } from '../../schemas';
import { formatDate } from '../../formatDate';

export function valueText(field: FieldSpec, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'date':
      return formatDate(String(value), { time: false });
    case 'datetime':
      return formatDate(String(value));
    case 'enum':
      return field.valueLabels?.[String(value)] ?? String(value);
    case 'boolean':
      return field.switchLabels ? field.switchLabels[value ? 1 : 0] : String(value);
    case 'json':
    case 'refList':
      return JSON.stringify(value);
    default:
      return String(value);
  }
}
