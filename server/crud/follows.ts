/**
 * Fields declared `follows` (src/schemas/defineCategory.ts): while the `via` reference is set, the
 * field is the referenced object's field of the same name (a device in a group has the group's
 * target firmware, spec section 4 'Group choice'; with `always`, even while `via` is unset: a
 * device's icon is its type's). The console does not send such a field (formFields.ts
 * savePayload); the server derives it here, refuses a different value with the field's
 * `message`, and passes a change of the followed field on to every follower, each with its audit entry.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import { sqlType } from '../../src/schemas/kinds';
import type { Queryable } from '../db/database';
import { badRequest } from '../http/errors';
import type { SessionUser } from '../auth/sessionUser';
import { visibleWhere } from './access';
import { sameJson } from '../../src/schemas/sameJson';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';
import type { ServerRegistry } from './registry';
import { readRows, type ReadMemo } from './readMemo';
import { audit, type AuditActor } from '../audit/record';
import { entryColumns, fieldEntries } from './sideEffectEntries';

/** The body leaves the stored field as it is: not sent, or sent with its stored value. */
const keeps = (input: Row, existing: Row, name: string) => !(name in input) || sameJson(input[name], existing[name]);

/**
 * Sets the followed fields of a create (no `existing`) or update body, in place. A follower is
 * derived on create, or when its `via` or itself is sent with another value than the stored one;
 * otherwise it keeps its stored value: a client writing back what it read changes nothing, even
 * where the stored value is not the source's (a device a rollout holds, docs/ROLLOUTS.md).
 */
export async function deriveFollowers(
  tx: Queryable,
  registry: ServerRegistry,
  user: SessionUser,
  category: Category,
  input: Row,
  existing?: Row,
  /** A batch's reads of the same sources, answered once (readMemo.ts): only those read under a share lock. */
  memo?: ReadMemo,
): Promise<void> {
  for (const [name, field] of Object.entries(category.fields)) {
    if (!field.follows) continue;
    const { via, always, message } = field.follows;
    if (existing && keeps(input, existing, via) && keeps(input, existing, name)) continue;
    const viaValue = via in input ? input[via] : existing?.[via];
    let value: unknown;
    if (viaValue !== null && viaValue !== undefined) {
      const source = registry.get(category.fields[via].ref ?? '');
      const params = new SqlParams();
      // A new source is read under a share lock: it waits for a write of the source in progress
      // (and reads its result), and holds off the next one until this write commits, so that
      // write's propagation below sees this follower. A source kept needs none: its propagation
      // reaches a stored follower anyway, waiting for the follower's row lock, and a lock taken
      // here would deadlock against it.
      const lock = existing && sameJson(viaValue, existing[via]) ? '' : ' FOR SHARE OF "t"';
      const rows = await readRows(
        tx,
        `SELECT "t".${ident(name)} AS "v" FROM ${ident(source.key)} AS "t"
          WHERE "t"."id" = ${params.add(viaValue)} AND ${visibleWhere(source, user, 't', params)}${lock}`,
        params.values,
        memo,
        lock !== '' && source.key !== category.key,
      );
      // An unknown or invisible reference is refused by the reference check that follows, and
      // says nothing of the object it names.
      if (rows.length === 0) continue;
      value = rows[0].v;
    } else if (always) {
      value = null;
    } else {
      continue;
    }
    if (name in input && !sameJson(input[name], value)) throw badRequest(message ?? ownMessages.readOnlyField(name));
    input[name] = value;
  }
}

/**
 * After `category`'s object changed from `existing` to `updated` (by `by`): its followers take the
 * new values, each follower changed with its entry ('follow'). `except` (follower category key -> SQL
 * condition over its row "t"): the followers that keep their value (a caller's rule, e.g. devices
 * whose target a rollout sets).
 */
export async function propagateToFollowers(
  tx: Queryable,
  registry: ServerRegistry,
  by: AuditActor,
  category: Category,
  existing: Row,
  updated: Row,
  except: Readonly<Record<string, string>> = {},
): Promise<void> {
  for (const follower of registry.categories) {
    for (const [name, field] of Object.entries(follower.fields)) {
      if (!field.follows || follower.fields[field.follows.via]?.ref !== category.key) continue;
      if (sameJson(existing[name], updated[name])) continue;
      const cast = sqlType(field) === 'jsonb' ? '::jsonb' : '';
      // The old value from the same row as read before the statement ("o"): RETURNING gives only the new one.
      const { rows } = await tx.query<Row & { before: unknown }>(
        `UPDATE ${ident(follower.key)} AS "t" SET ${ident(name)} = $1${cast} FROM ${ident(follower.key)} AS "o"
          WHERE "o"."id" = "t"."id" AND "t".${ident(field.follows.via)} = $2 AND "t".${ident(name)} IS DISTINCT FROM $1${cast}${except[follower.key] ? ` AND NOT (${except[follower.key]})` : ''}
          RETURNING ${entryColumns(follower, 't')}, "t".${ident(name)}, "o".${ident(name)} AS "before"`,
        [cast && updated[name] !== null ? JSON.stringify(updated[name]) : updated[name], updated.id],
      );
      await audit(tx, fieldEntries(by, 'follow', follower, name, rows.map(({ before, ...row }) => ({ row, before }))));
    }
  }
}

/**
 * The followers of `follower`'s field `name` whose value is not their source's (data stored before a
 * rule kept them in line): each takes its source's value, with its entry ('follow', by no user), as
 * propagateToFollowers does for one source's change. Only where the `via` reference is set; `except`
 * (an SQL condition over the follower's row "t"): the followers that keep their value.
 */
export async function realignFollowers(tx: Queryable, follower: Category, name: string, except?: string): Promise<void> {
  const via = follower.fields[name].follows?.via;
  const source = via === undefined ? undefined : follower.fields[via]?.ref;
  if (via === undefined || source === undefined) return;
  const { rows } = await tx.query<Row & { before: unknown }>(
    `UPDATE ${ident(follower.key)} AS "t" SET ${ident(name)} = "s".${ident(name)} FROM ${ident(follower.key)} AS "o", ${ident(source)} AS "s"
      WHERE "o"."id" = "t"."id" AND "s"."id" = "t".${ident(via)} AND "t".${ident(name)} IS DISTINCT FROM "s".${ident(name)}${except ? ` AND NOT (${except})` : ''}
      RETURNING ${entryColumns(follower, 't')}, "t".${ident(name)}, "o".${ident(name)} AS "before"`,
  );
  await audit(tx, fieldEntries(null, 'follow', follower, name, rows.map(({ before, ...row }) => ({ row, before }))));
}
