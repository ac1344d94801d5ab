/**
 * Fields that cannot change while other objects point at this one, derived from every reference
 * of the registry (src/schemas/referrers.ts): the team while a same-team reference names the
 * object, a `matches` field (a firmware's or group's type, spec section 4) while a reference
 * requiring it names the object. In use means by any object, visible to the caller or not; a
 * list of another team (stored before lists were checked) does not count.
 *
 * Lists (kind refList) also keep the objects they name from being deleted, which a foreign key
 * does for a single reference (server/crud/dbErrors.ts answers the same 409).
 */
import type { Category } from '../../src/schemas/defineCategory';
import { lockingReferrers, referrersOf, type Referrer } from '../../src/schemas/referrers';
import { ownMessages } from '../../src/messages';
import type { Queryable } from '../db/database';
import { conflict } from '../http/errors';
import { TEAM_FIELD } from './access';
import { displayName } from './dbErrors';
import { ident, SqlParams } from './sql';
import type { Row } from './hooks';
import type { ServerRegistry } from './registry';

/** SQL predicate: the referrer's field (alias "r") names the object `id`. */
export function namesObject(referrer: Referrer, id: number, params: SqlParams): string {
  const column = `"r".${ident(referrer.via)}`;
  if (referrer.field.kind === 'ref') return `${column} = ${params.add(id)}`;
  // A list holds { "id": n } entries or plain ids (src/schemas/kinds.ts, refList).
  return `(${column} @> ${params.add(JSON.stringify([{ id }]))}::jsonb OR ${column} @> ${params.add(JSON.stringify([id]))}::jsonb)`;
}

/**
 * Whether any object names `existing` through `referrer`; a same-team list counts in the object's
 * team only. Needs no lock of its own: it runs once the object is locked (write.ts), and a write
 * adding a reference to it share-locks it first (references.ts), so none is in progress.
 */
export async function isReferencedBy(tx: Queryable, referrer: Referrer, existing: Row): Promise<boolean> {
  const params = new SqlParams();
  const where = [namesObject(referrer, existing.id as number, params)];
  if (referrer.field.kind === 'refList' && referrer.sameTeam) where.push(`"r".${ident(TEAM_FIELD)} = ${params.add(existing[TEAM_FIELD])}`);
  const { rows } = await tx.query(`SELECT 1 FROM ${ident(referrer.category)} AS "r" WHERE ${where.join(' AND ')} LIMIT 1`, params.values);
  return rows.length > 0;
}

export async function checkLocks(tx: Queryable, registry: ServerRegistry, category: Category, existing: Row, input: Row): Promise<void> {
  for (const [name, referrers] of Object.entries(lockingReferrers(registry.categories, category))) {
    if (!(name in input) || input[name] === existing[name]) continue;
    for (const referrer of referrers) {
      if (await isReferencedBy(tx, referrer, existing)) throw conflict(ownMessages.fieldCannotChange(category.fields[name].label));
    }
  }
}

export async function checkNotListed(tx: Queryable, registry: ServerRegistry, category: Category, existing: Row): Promise<void> {
  for (const referrer of referrersOf(registry.categories, category)) {
    if (referrer.field.kind !== 'refList') continue;
    if (await isReferencedBy(tx, referrer, existing)) throw conflict(ownMessages.inUse(displayName(category, existing)));
  }
}
