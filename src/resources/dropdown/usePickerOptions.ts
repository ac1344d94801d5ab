/**
 * The objects a Dropdown offers: the spec's GET /api/{cat}?fields=id,name,... through the data
 * provider (meta.all), so react-query caches it per category and every Dropdown of a category
 * shares one call. react-admin's create, update and delete invalidate `[category, 'getList']`,
 * so a type created in a child form shows up in the type pickers at once; code that changes
 * objects around react-admin's hooks can call `invalidatePickerOptions`.
 */
import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import { mustGetCategory, type Category } from '../../schemas';
import { TEAM_FIELD } from '../../schemas/fieldSpec';
import { optionFields, optionLabel, ownedByTeam, repeatsLabel, type OptionRow, type TeamNames } from './picker';

/** Options stay fresh this long between two Dropdowns of a page (mutations invalidate them anyway). */
const OPTIONS_STALE_MS = 30_000;

const byLabel = (category: Category) => {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return (a: OptionRow, b: OptionRow) => collator.compare(optionLabel(category, a), optionLabel(category, b));
};

export interface PickerRows {
  rows: readonly OptionRow[];
  /** True until the first answer (the options are unknown). */
  isPending: boolean;
}

export function usePickerOptions(category: Category, enabled = true): PickerRows {
  const params = useMemo(
    () => ({
      // Ignored with meta.all (the whole list), but part of react-admin's query key: keep them fixed.
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' as const },
      meta: { all: true, fields: optionFields(category) },
    }),
    [category],
  );
  const { data, isPending } = useGetList<OptionRow & { id: number }>(category.key, params, { enabled, staleTime: OPTIONS_STALE_MS });
  const rows = useMemo(() => (data ? [...data].sort(byLabel(category)) : []), [data, category]);
  return { rows, isPending: enabled && isPending };
}

/**
 * The names of the user's teams, for the options of `category` whose names repeat (picker.ts
 * withRepeatedTeams): the team picker's own call, so shared with it; read only when two of `rows`
 * read the same, of a category whose objects have a team.
 */
export function useTeamNames(category: Category, rows: readonly OptionRow[]): TeamNames | undefined {
  const enabled = ownedByTeam(category) && repeatsLabel(category, rows);
  // The team is the category its team field refers to (never named here: generic code).
  const teams = usePickerOptions(mustGetCategory(category.fields[TEAM_FIELD]?.ref ?? category.key), enabled);
  return useMemo(
    () => (enabled && !teams.isPending ? new Map(teams.rows.map((r) => [String(r.id), String(r.name ?? '')])) : undefined),
    [enabled, teams.isPending, teams.rows],
  );
}

/** What invalidatePickerOptions needs of react-query's QueryClient (react-admin's, from useQueryClient). */
export interface Invalidator {
  invalidateQueries: (filters: { queryKey: readonly unknown[] }) => Promise<void>;
}

/** Makes every Dropdown of the category read its options again. */
export function invalidatePickerOptions(queryClient: Invalidator, categoryKey: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [categoryKey, 'getList'] });
}
