/**
 * Who points at a category, derived from the declarations rather than listed by hand: every ref
 * or refList field of the registry whose `ref` is that category, with the fields the pointing
 * object must share with it (its team for a same-team reference, its `matches`). A shared field
 * cannot change while such a reference exists, or the reference would silently break (a type
 * moved to another team while a device of the old team still names it would leak its name).
 * Used by the server's locks and by the console's locked inputs.
 */
import type { Category, FieldSpec, ReverseList } from './defineCategory';
import { TEAM_FIELD } from './fieldSpec';

/** The field holding the team of a team-scoped object: declared with the field types, named here for the reference rules' readers. */
export { TEAM_FIELD };

export interface Referrer extends ReverseList {
  field: FieldSpec;
  /** Fields of the referenced object the referrer must share (team_id, a `matches` field). */
  shared: readonly string[];
  /** The reference must stay within one team. */
  sameTeam: boolean;
}

/** Whether a reference of `from` to `to` must stay within one team. */
export function isSameTeamRef(from: Category, name: string, field: FieldSpec, to: Category): boolean {
  return field.sameTeam !== false && from.scope === 'team' && to.scope === 'team' && name !== TEAM_FIELD;
}

export function referrersOf(categories: readonly Category[], target: Category): Referrer[] {
  const found: Referrer[] = [];
  for (const from of categories) {
    for (const [via, field] of Object.entries(from.fields)) {
      if ((field.kind !== 'ref' && field.kind !== 'refList') || field.ref !== target.key) continue;
      const sameTeam = isSameTeamRef(from, via, field, target);
      const shared = [...(sameTeam ? [TEAM_FIELD] : []), ...(field.matches ?? [])];
      found.push({ category: from.key, via, field, shared, sameTeam });
    }
  }
  return found;
}

/** Per field of `target`, the references that lock it while they exist. */
export function lockingReferrers(categories: readonly Category[], target: Category): Record<string, Referrer[]> {
  const locks: Record<string, Referrer[]> = {};
  for (const referrer of referrersOf(categories, target)) {
    for (const name of referrer.shared) (locks[name] ??= []).push(referrer);
  }
  return locks;
}
