import { inputOf, type FieldSpec, type InputKind } from '../../schemas';

/** The input a field gets: its declared one, else the one its kind suggests (src/schemas/kinds.ts). */
export function inputKind(field: FieldSpec): InputKind {
  return inputOf(field);
}
