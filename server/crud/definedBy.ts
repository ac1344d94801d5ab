/**
 * The `definedBy` declaration, executed on the server for every category alike: a value whose
 * shape is defined by a field of a referenced object (a device's custom field values by its
 * type's definitions, its provisioning by its type's schema) is checked against that definer on
 * each write, and dependents follow when a definer drops definitions, in the same transaction.
 * The rules themselves are src/schemas/definedBy.ts, the ones the console's forms run.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import { definedByRule } from '../../src/schemas/definedBy';
import { sameJson } from '../../src/schemas/sameJson';
import type { Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import { ident } from './sql';
import type { Row } from './hooks';
import { audit, type AuditActor } from '../audit/record';
import { entryColumns, fieldEntries } from './sideEffectEntries';

type Declared = FieldSpec & { definedBy: NonNullable<FieldSpec['definedBy']> };

const declared = (category: Category): [string, Declared][] =>
  Object.entries(category.fields).filter((e): e is [string, Declared] => e[1].definedBy !== undefined);

/** The definer's field value (null without a definer); the reference was checked before. */
async function definerValue(tx: Queryable, category: Category, field: Declared, refId: unknown): Promise<unknown> {
  const ref = category.fields[field.definedBy.via]?.ref;
  if (!ref || refId === null || refId === undefined) return null;
  const { rows } = await tx.query<Row>(`SELECT ${ident(field.definedBy.field)} AS "v" FROM ${ident(ref)} WHERE "id" = $1`, [refId]);
  return rows[0]?.v ?? null;
}

/**
 * Checks the written object's defined values (`after`: the object as it will be stored). A value
 * sent is checked; an object moved to another definer without sending the value keeps what fits.
 */
export async function checkDefinedBy(tx: Queryable, category: Category, input: Row, after: Row, existing?: Row): Promise<void> {
  for (const [name, field] of declared(category)) {
    const { via, as } = field.definedBy;
    const sent = name in input;
    const moved = existing !== undefined && via in input && !sameJson(input[via], existing[via]);
    if (!sent && !moved) continue;
    const rule = definedByRule(as);
    const definer = await definerValue(tx, category, field, after[via]);
    if (!sent && rule.fit) {
      const fitted = rule.fit(definer, after[name]);
      if (!sameJson(fitted, after[name])) input[name] = after[name] = fitted;
      continue;
    }
    const problem = rule.problem(definer, after[name], field.label, category.fields[via]?.label ?? via);
    if (problem) throw badRequest(problem);
  }
}

/**
 * After `definer` (an object of `category`) was updated with `input` by `by`: every object whose
 * values it defines drops what the new definitions no longer allow, each with its entry ('prune').
 */
export async function pruneDependents(
  tx: Queryable,
  categories: readonly Category[],
  by: AuditActor,
  category: Category,
  input: Row,
  definer: Row,
): Promise<void> {
  for (const dependent of categories) {
    for (const [name, field] of declared(dependent)) {
      const { via, field: definerField, as } = field.definedBy;
      const prune = definedByRule(as).prune;
      if (!prune || !(definerField in input) || dependent.fields[via]?.ref !== category.key) continue;
      const { rows } = await tx.query<Row>(
        `SELECT ${entryColumns(dependent, 't')}, "t".${ident(name)} AS "v" FROM ${ident(dependent.key)} AS "t" WHERE "t".${ident(via)} = $1 FOR UPDATE`,
        [definer.id],
      );
      const changed = rows.flatMap(({ v, ...row }) => {
        const value = prune(definer[definerField], v);
        return value === undefined ? [] : [{ row: { ...row, [name]: value }, before: v, id: row.id, value }];
      });
      if (changed.length === 0) continue;
      await tx.query(
        `UPDATE ${ident(dependent.key)} AS "t" SET ${ident(name)} = "c"."value"
           FROM jsonb_to_recordset($1::jsonb) AS "c"("id" integer, "value" jsonb) WHERE "t"."id" = "c"."id"`,
        [JSON.stringify(changed.map(({ id, value }) => ({ id, value })))],
      );
      await audit(tx, fieldEntries(by, 'prune', dependent, name, changed));
    }
  }
}
