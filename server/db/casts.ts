/**
 * How a column of one type becomes that of a field's kind (docs/INTEGRATOR.md, "Kind changes"): the
 * conversions the migration applies, lossless ones always, narrowing ones only when every value
 * converts (ddl.ts asks the data first).
 */
import type { FieldSpec } from '../../src/schemas/defineCategory';
import { INT4_MAX, sqlType } from '../../src/schemas/kinds';

/** How format_type() names the column type of a field. */
export const columnType = (field: FieldSpec): string => {
  const t = sqlType(field);
  return t === 'timestamptz' ? 'timestamp with time zone' : t;
};

/** How a column of one type becomes another: the USING expression, and the values that would not convert. */
interface Cast {
  using: (c: string) => string;
  /** A condition true of a value that would not convert; absent when every value does. */
  unfit?: (c: string) => string;
  usesCastable?: boolean;
}

/**
 * The conversions applied without asking: lossless ones always, narrowing ones only when every
 * value converts (checked first). Anything else is refused while the column holds values.
 */
export function castFor(from: string, field: FieldSpec): Cast | undefined {
  const to = columnType(field);
  if (to === 'text') return { using: (c) => (from === 'jsonb' ? `${c} #>> '{}'` : `to_json(${c}) #>> '{}'`) };
  if (to === 'jsonb') {
    if (field.kind === 'json') return { using: (c) => `to_jsonb(${c})` };
    if (field.kind === 'refList' && from === 'integer') {
      return { using: (c) => `CASE WHEN ${c} IS NULL THEN NULL ELSE jsonb_build_array(jsonb_build_object('id', ${c})) END` };
    }
    return undefined;
  }
  if (from === 'text') return { using: (c) => `${c}::${to}`, unfit: (c) => `NOT pg_temp.pucs_castable(${c}, '${to}')`, usesCastable: true };
  if (from === 'integer' && to === 'double precision') return { using: (c) => `${c}::double precision` };
  if (from === 'boolean' && to === 'integer') return { using: (c) => `${c}::integer` };
  if (from === 'integer' && to === 'boolean') return { using: (c) => `${c} <> 0`, unfit: (c) => `${c} NOT IN (0, 1)` };
  if (from === 'double precision' && to === 'integer') {
    return { using: (c) => `${c}::integer`, unfit: (c) => `${c} = 'NaN' OR ${c} <> trunc(${c}) OR abs(${c}) > ${INT4_MAX}` };
  }
  if (from === 'date' && to === 'timestamp with time zone') return { using: (c) => `${c}::timestamp AT TIME ZONE 'UTC'` };
  return undefined;
}
