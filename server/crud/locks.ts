/**
 * Fields that cannot change while other objects point at this one, derived from every reference
 * of the registry (src/schemas/referrers.ts): the team while a same-team reference names the
 * object, a `matches` field (a firmware's or group's type, spec section 4) while a reference
 * requiring it names the object, its disabled flag (CategoryDef.disabled) from off to on while a
 * reference declared `enabledOnly` names it (a firmware while it is a target, spec section 4). In
 * use means by any object, visible to the caller or not; a list of another team (stored before
 * lists were checked) does not count.
 *
 * Lists (kind refList) also keep the objects they name from being deleted, which a foreign key
 * does for a single reference (server/crud/dbErrors.ts answers the same 409).
 */
import type { Category } from '../../src/schemas/defineCategory';
import { lockingReferrers, referrersOf, type Referrer } from '../../src/schemas/referrers';
import { enabledOnlyReferrers, isDisabled } from '../../src/schemas/disabled';
import { IN_USE_PLACES_NAMED } from '../../src/schemas/listThroughLinks';
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
async function isReferencedBy(tx: Queryable, referrer: Referrer, existing: Row): Promise<boolean> {
  return (await referringRows(tx, referrer, existing, 1)).length > 0;
}

/** Up to `limit` objects naming `existing` through `referrer`, by id. */
async function referringRows(tx: Queryable, referrer: Referrer, existing: Row, limit: number): Promise<Row[]> {
  const params = new SqlParams();
  const where = [namesObject(referrer, existing.id as number, params)];
  if (referrer.field.kind === 'refList' && referrer.sameTeam) where.push(`"r".${ident(TEAM_FIELD)} = ${params.add(existing[TEAM_FIELD])}`);
  const sql = `SELECT * FROM ${ident(referrer.category)} AS "r" WHERE ${where.join(' AND ')} ORDER BY "r"."id" LIMIT ${params.add(limit)}`;
  return (await tx.query<Row>(sql, params.values)).rows;
}

export async function checkLocks(tx: Queryable, registry: ServerRegistry, category: Category, existing: Row, input: Row): Promise<void> {
  for (const [name, referrers] of Object.entries(lockingReferrers(registry.categories, category))) {
    if (!(name in input) || input[name] === existing[name]) continue;
    for (const referrer of referrers) {
      if (await isReferencedBy(tx, referrer, existing)) throw conflict(ownMessages.fieldCannotChange(category.fields[name].label));
    }
  }
  if (!category.disabled || isDisabled(category, existing) || !isDisabled(category, { ...existing, ...input })) return;
  for (const referrer of enabledOnlyReferrers(registry.categories, category)) {
    if (await isReferencedBy(tx, referrer, existing)) throw conflict(category.disabled.named);
  }
}

/**
 * Up to `limit` objects of its team reading, through a reference (FieldSpec.listThrough), a list of
 * `referrer` that names `existing`: the devices, types... whose documentation holds a document.
 */
async function readersThrough(tx: Queryable, registry: ServerRegistry, referrer: Referrer, existing: Row, limit: number): Promise<string[]> {
  const places: string[] = [];
  for (const owner of registry.categories) {
    for (const [via, field] of Object.entries(owner.fields)) {
      if (field.ref !== referrer.category || field.listThrough?.list !== referrer.via || places.length >= limit) continue;
      const params = new SqlParams();
      const team = params.add(existing[TEAM_FIELD]);
      const { rows } = await tx.query<Row>(
        `SELECT "o".* FROM ${ident(owner.key)} AS "o" JOIN ${ident(referrer.category)} AS "r" ON "r"."id" = "o".${ident(via)}
          WHERE ${namesObject(referrer, existing.id as number, params)} AND "r".${ident(TEAM_FIELD)} = ${team} AND "o".${ident(TEAM_FIELD)} = ${team}
          ORDER BY "o"."id" LIMIT ${params.add(limit - places.length)}`,
        params.values,
      );
      places.push(...rows.map((row) => ownMessages.inUsePlace(owner.singular, displayName(owner, row))));
    }
  }
  return places;
}

/** The lists (refList fields) that may name an object of `category`: while one does, it cannot go, unless the list lets it go (onDelete 'setNull', deleteReferrers.ts). */
export function listingReferrers(registry: ServerRegistry, category: Category): Referrer[] {
  return referrersOf(registry.categories, category).filter((referrer) => referrer.field.kind === 'refList' && referrer.field.onDelete !== 'setNull');
}

/**
 * A listed object cannot go; the refusal says where it is used (spec section 3, 'Used in') when
 * the lists are of its own team, which its admin sees anyway: the objects reading the lists
 * through a reference (a document in the documentation of a device), else the lists themselves
 * (a collection no object holds); only that it is in use otherwise.
 */
export async function checkNotListed(tx: Queryable, registry: ServerRegistry, category: Category, existing: Row): Promise<void> {
  const places: string[] = [];
  const readers: string[] = [];
  let listed = false;
  for (const referrer of listingReferrers(registry, category)) {
    const rows = await referringRows(tx, referrer, existing, IN_USE_PLACES_NAMED);
    listed ||= rows.length > 0;
    const from = registry.categories.find((c) => c.key === referrer.category);
    if (!referrer.sameTeam || !from || rows.length === 0) continue;
    places.push(...rows.map((row) => ownMessages.inUsePlace(from.singular, displayName(from, row))));
    readers.push(...(await readersThrough(tx, registry, referrer, existing, IN_USE_PLACES_NAMED - readers.length)));
  }
  const name = displayName(category, existing);
  if (readers.length > 0) throw conflict(ownMessages.inUseBy(name, readers.slice(0, IN_USE_PLACES_NAMED).join(', ')));
  if (places.length > 0) throw conflict(ownMessages.inUseIn(name, places.slice(0, IN_USE_PLACES_NAMED).join(', ')));
  if (listed) throw conflict(ownMessages.inUse(name));
}
