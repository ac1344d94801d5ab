import type { FieldSpec, InputKind } from '../../schemas';

/** The input a field gets: its declared one, else the one its kind suggests. */
export function inputKind(field: FieldSpec): InputKind {
  if (field.input) return field.input;
  switch (field.kind) {
    case 'ref':
      return 'select';
    case 'integer':
      return 'number';
    case 'boolean':
      return 'switch';
    case 'json':
      return 'json';
    case 'timestamp':
      return 'none';
    default:
      return 'text';
  }
}
