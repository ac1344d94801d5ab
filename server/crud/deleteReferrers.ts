/**
 * What a delete does to the objects that reference the deleted ones, done here before the DELETE
 * rather than left to the database's ON DELETE actions, so that each object changed gets its audit
 * entry in the same transaction: a reference declared `onDelete: 'setNull'` is cleared
 * ('clear_reference': the devices of a deleted group, the objects of a deleted user lose their
 * owner), an object declared `onDelete: 'cascade'` is deleted ('delete': a deleted user's roles, so
 * each team's admins see the member leave). The database's actions stay as the safety net and then
 * find nothing left to do. Rules of the cascaded category (its hooks) are not run: the database's
 * cascade never ran them either, and the delete that caused it made its own checks.
 */
import type { Category, FieldSpec } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import { objectEntry } from '../audit/changes';
import { audit, type AuditActor } from '../audit/record';
import type { Row } from './hooks';
import { entryColumns, fieldEntries } from './sideEffectEntries';
import { entryId, ident } from './sql';

interface Referrer {
  category: Category;
  field: string;
  onDelete: NonNullable<FieldSpec['onDelete']>;
}

/** The fields of every category that reference `category` with an action on delete. */
function referrersOf(categories: readonly Category[], category: Category): Referrer[] {
  return categories.flatMap((referrer) =>
    Object.entries(referrer.fields).flatMap(([field, spec]) =>
      spec.ref === category.key && referrer.fieldSets.stored.includes(field) && (spec.onDelete === 'setNull' || spec.onDelete === 'cascade')
        ? [{ category: referrer, field, onDelete: spec.onDelete }]
        : [],
    ),
  );
}

/** Before `ids` of `category` are deleted by `by`: their referrers cleared or deleted, each with its entry. */
export async function settleReferrers(tx: Queryable, categories: readonly Category[], by: AuditActor, category: Category, ids: readonly unknown[]): Promise<void> {
  for (const { category: referrer, field, onDelete } of referrersOf(categories, category)) {
    const table = ident(referrer.key);
    if (onDelete === 'setNull' && referrer.fields[field].kind === 'refList') {
      // A list lets the deleted objects go: its entries naming them ({ "id": n } or a bare n) leave it.
      const { rows } = await tx.query<Row & { before: unknown }>(
        `UPDATE ${table} AS "t" SET ${ident(field)} = COALESCE((SELECT jsonb_agg("e" ORDER BY "n") FROM jsonb_array_elements("o".${ident(field)}) WITH ORDINALITY AS "x"("e", "n")
            WHERE NOT (${entryId('"e"')} = ANY($1::int[]))), '[]'::jsonb)
          FROM ${table} AS "o"
          WHERE "o"."id" = "t"."id" AND jsonb_typeof("o".${ident(field)}) = 'array'
            AND EXISTS (SELECT 1 FROM jsonb_array_elements("o".${ident(field)}) AS "e" WHERE ${entryId('"e"')} = ANY($1::int[]))
          RETURNING ${entryColumns(referrer, 't')}, "t".${ident(field)}, "o".${ident(field)} AS "before"`,
        [ids],
      );
      await audit(tx, fieldEntries(by, 'clear_reference', referrer, field, rows.map(({ before, ...row }) => ({ row, before }))));
      continue;
    }
    if (onDelete === 'setNull') {
      const { rows } = await tx.query<Row & { before: unknown }>(
        `UPDATE ${table} AS "t" SET ${ident(field)} = NULL FROM ${table} AS "o"
          WHERE "o"."id" = "t"."id" AND "t".${ident(field)} = ANY($1::int[])
          RETURNING ${entryColumns(referrer, 't')}, "o".${ident(field)} AS "before"`,
        [ids],
      );
      await audit(tx, fieldEntries(by, 'clear_reference', referrer, field, rows.map(({ before, ...row }) => ({ row: { ...row, [field]: null }, before }))));
      continue;
    }
    const { rows: going } = await tx.query<{ id: number }>(`SELECT "id" FROM ${table} WHERE ${ident(field)} = ANY($1::int[]) ORDER BY "id" FOR UPDATE`, [ids]);
    if (going.length === 0) continue;
    const goingIds = going.map((row) => row.id);
    await settleReferrers(tx, categories, by, referrer, goingIds);
    const { rows } = await tx.query<Row>(`DELETE FROM ${table} WHERE "id" = ANY($1::int[]) RETURNING *`, [goingIds]);
    await audit(tx, rows.map((row) => objectEntry(by, 'delete', referrer, row, undefined)));
  }
}
