/**
 * The names next to the ids of a CSV export (issue 13): each reference column of the export
 * (`team_id`, `type_id`, `group_id`, `target_firmware_id`) is followed by `<name>_name`, the
 * referenced object as its pickers show it (its naming field, or the picker's option label: a
 * firmware's 'Main (1.0.0)'). The ids stay, so a file read by a program keeps working. Names are
 * read per chunk for the ids not met yet, in one query per referenced category, among the objects
 * the caller sees (a reference is of the object's own team; a name the caller may not see stays empty).
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import { visibleWhere } from '../crud/access';
import { ident, SqlParams } from '../crud/sql';
import type { Row } from '../crud/hooks';

export interface NameColumn {
  /** The reference column the name follows. */
  of: string;
  /** Its header: the reference's key without `_id`, then `_name`. */
  header: string;
  target: Category;
}

/** The name column of each reference among `columns` whose category has a naming field. */
export function nameColumns(category: Category, columns: readonly string[], find: (key: string) => Category | undefined): NameColumn[] {
  return columns.flatMap((of): NameColumn[] => {
    const field = category.fields[of];
    const target = field?.kind === 'ref' && field.ref ? find(field.ref) : undefined;
    if (!target || target.summary[0] === undefined) return [];
    return [{ of, header: `${of.replace(/_id$/, '')}_name`, target }];
  });
}

/** The header: each name column right after its id column. */
export const withNameHeaders = (columns: readonly string[], names: readonly NameColumn[]): string[] =>
  columns.flatMap((c) => [c, ...names.filter((n) => n.of === c).map((n) => n.header)]);

const nameOf = (target: Category, row: Row): string => {
  const label = target.console?.picker?.optionLabel;
  return label ? label(row as Row & { id: number }) : String(row[target.summary[0]] ?? '');
};

/** Reads and remembers the names of the export's references, chunk by chunk. */
export class NameReader {
  private readonly known = new Map<string, Map<number, string>>();

  constructor(
    private readonly db: Queryable,
    private readonly user: SessionUser,
    private readonly names: readonly NameColumn[],
  ) {}

  /** Reads the names of this chunk's references that are not known yet. */
  async read(rows: readonly Row[]): Promise<void> {
    const byTarget = new Map<Category, Set<number>>();
    for (const { of, target } of this.names) {
      const known = this.knownOf(target);
      const ids = byTarget.get(target) ?? new Set<number>();
      for (const row of rows) if (typeof row[of] === 'number' && !known.has(row[of])) ids.add(row[of]);
      byTarget.set(target, ids);
    }
    await Promise.all(
      [...byTarget].filter(([, ids]) => ids.size > 0).map(async ([target, ids]) => {
        const params = new SqlParams();
        const fields = [...new Set(['id', target.summary[0], ...(target.console?.picker?.fields ?? [])])].filter((f) => f === 'id' || target.fields[f]);
        const { rows: found } = await this.db.query<Row>(
          `SELECT ${fields.map((f) => `"t".${ident(f)}`).join(', ')} FROM ${ident(target.key)} AS "t"
            WHERE "t"."id" = ANY(${params.add([...ids])}::int[]) AND ${visibleWhere(target, this.user, 't', params)}`,
          params.values,
        );
        const known = this.knownOf(target);
        for (const id of ids) known.set(id, '');
        for (const row of found) known.set(row.id as number, nameOf(target, row));
      }),
    );
  }

  /** The name of the object `row[of]` names, '' when none. */
  name(column: NameColumn, row: Row): string {
    const id = row[column.of];
    return typeof id === 'number' ? (this.knownOf(column.target).get(id) ?? '') : '';
  }

  private knownOf(target: Category): Map<number, string> {
    let known = this.known.get(target.key);
    if (!known) this.known.set(target.key, (known = new Map()));
    return known;
  }
}
