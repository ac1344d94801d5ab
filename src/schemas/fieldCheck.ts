/**
 * What is wrong with one field declaration on its own, asked by defineCategory.ts as each category
 * is declared, and the error a schema mistake raises (one line naming category.field). Apart from
 * the checks across the registry (registryCheck.ts), which read whole categories: this file only
 * names the field's type (fieldSpec.ts), so defineCategory.ts imports nothing that imports it back.
 */
import type { FieldSpec } from './fieldSpec';
import { KINDS } from './kinds';
import { ownMessages } from '../messages';

export class RegistryError extends Error {
  constructor(category: string, field: string | undefined, problem: string) {
    super(ownMessages.schemaError(field ? `${category}.${field}` : category, problem));
    this.name = 'RegistryError';
  }
}

/** What is wrong with one field declaration on its own, or undefined. */
export function fieldDeclarationProblem(field: FieldSpec): string | undefined {
  const kind = KINDS[field.kind as keyof typeof KINDS];
  if (!Object.hasOwn(KINDS, field.kind) || !kind) {
    return ownMessages.schemaUnknownKind(String(field.kind), Object.keys(KINDS));
  }
  if ((field.kind === 'ref' || field.kind === 'refList') && !field.ref) return ownMessages.schemaNeedsRef(field.kind);
  if (field.kind === 'enum' && (!field.values || field.values.length === 0)) return ownMessages.schemaEnumNeedsValues;
  if (field.kind === 'enum' && new Set(field.values).size !== field.values!.length) return ownMessages.schemaEnumValuesRepeat;
  if (field.offered?.some((v) => !field.values?.includes(v))) return ownMessages.schemaOfferedNotAValue;
  if (field.schema !== undefined && field.kind !== 'json') return ownMessages.schemaForJsonOnly;
  if (field.schemes !== undefined && field.kind !== 'url') return ownMessages.schemesForUrlOnly;
  const numeric = field.kind === 'integer' || field.kind === 'number';
  if ((field.min !== undefined || field.max !== undefined) && !numeric) return ownMessages.schemaBoundsForNumbers;
  if ((field.minLength !== undefined || field.maxLength !== undefined) && !['text', 'url', 'email'].includes(field.kind)) return ownMessages.schemaLengthForText;
  if ((field.min ?? -Infinity) > (field.max ?? Infinity) || (field.minLength ?? 0) > (field.maxLength ?? Infinity)) return ownMessages.schemaBoundsCrossed;
  if (field.default !== undefined && field.default !== null) {
    const result = kind.value(field, field.label, 'the default is not valid').safeParse(field.default);
    if (!result.success) return ownMessages.schemaDefaultInvalid(JSON.stringify(field.default), kind.expected(field));
    const problem = field.check?.(field.default, field.label);
    if (problem) return ownMessages.schemaDefaultRefused(JSON.stringify(field.default), problem);
  }
  if (field.backfill !== undefined) {
    const result = kind.value(field, field.label, 'the backfill is not valid').safeParse(field.backfill);
    if (!result.success) return ownMessages.schemaBackfillInvalid(JSON.stringify(field.backfill), kind.expected(field));
  }
  return undefined;
}
