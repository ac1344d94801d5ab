/**
 * How the reference pickers of a form depend on each other (spec 'Dropdown' and section 5): a
 * picker of team-scoped objects depends on the team, and on the fields it `matches` (a group or
 * a target firmware of the chosen type). Pure, unit-tested.
 */
import type { Category } from '../../schemas';
import { isSameTeamRef, TEAM_FIELD } from '../../schemas/referrers';
import { isEmptyValue, type Values } from './formFields';

export { TEAM_FIELD };

/** The form fields a ref picker depends on, the team first. */
export function pickerDependencies(category: Category, name: string, refCategory: (key: string) => Category | undefined): string[] {
  const field = category.fields[name];
  if (!field || (field.kind !== 'ref' && field.kind !== 'refList') || !field.ref) return [];
  const target = refCategory(field.ref);
  const deps: string[] = [];
  if (target && isSameTeamRef(category, name, field, target) && category.fields[TEAM_FIELD]) deps.push(TEAM_FIELD);
  for (const m of field.matches ?? []) if (category.fields[m] && !deps.includes(m)) deps.push(m);
  return deps;
}

/** The values a picker filters its options by ({ team_id, type_id }), empty ones left out. */
export function pickerFilters(deps: readonly string[], values: Values): Record<string, unknown> {
  return Object.fromEntries(deps.filter((d) => !isEmptyValue(values[d])).map((d) => [d, values[d]]));
}

/**
 * Why a picker cannot be used yet: the `requiredFirst` text of the nearest missing dependency
 * ('A type must be selected first.' for a group even when the team is missing too, since the
 * type picker will then ask for the team).
 */
export function missingDependency(category: Category, deps: readonly string[], values: Values): string | undefined {
  const missing = deps.filter((d) => isEmptyValue(values[d]));
  const last = missing[missing.length - 1];
  return last === undefined ? undefined : (category.fields[last]?.requiredFirst ?? undefined);
}
