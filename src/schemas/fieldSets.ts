/**
 * Every question asked of a category's fields as a whole, answered once, when the category is
 * defined (defineCategory keeps the answers on the category as `fieldSets`): which fields are
 * stored, read, written, private, listed, exported, searched, sorted, filtered and indexed. The
 * server (SQL, projection, list query, CSV export, JSON Schema, DDL) and the console (list columns,
 * the list's `fields=`, forms, filters, the record diff) read these lists instead of the flags, so
 * two of them cannot disagree about a field (tests/unit/fieldSets.test.ts checks them against each other).
 *
 * Each list names declared fields, in declaration order; `id` is every object's and in none of them.
 */
import { TEAM_FIELD, type FieldSpec, type Scope } from './fieldSpec';
import { KINDS } from './kinds';

export interface FieldSets {
  /** Table columns: every field but the write-only inputs (a password, a role's username). */
  readonly stored: readonly string[];
  /** Answered by reads: every stored field but the secret ones. A private field is one, read null by others. */
  readonly readable: readonly string[];
  /** What a client may send in a body: neither set by the server nor secret (the write-only inputs are). */
  readonly writable: readonly string[];
  /** Readable by the object itself and the server administrator only (FieldSpec.private); others read null. */
  readonly private: readonly string[];
  /**
   * The list's columns: declared `list`, readable by everyone (a private value would read null on every
   * row but one's own), of a kind a table can show (KINDS[kind].column). The console's table and its
   * `fields=`, the CSV export and the list indexes all read this one list.
   */
  readonly listed: readonly string[];
  /** The CSV export's columns after `id`: the list's, as the table shows them, and those declared `exported` (never a private value). */
  readonly exported: readonly string[];
  /** Searched by the list's search box (`q`): the text fields declared `searchable`, else the field naming the object. */
  readonly searchable: readonly string[];
  /** References declared `searchable`: the search also matches the referenced object's name (a device's firmware). */
  readonly searchedRefs: readonly string[];
  /** JSON fields declaring `searchValues`: the search also matches those values (a device's custom field values). */
  readonly searchedValues: readonly string[];
  /** Searched fields whose exact value (letter case aside) finds one object (`findsOne`: a device's unique ID). */
  readonly findsOne: readonly string[];
  /** A list may be ordered by them (text, numbers, dates, enums, links, and references by id). */
  readonly sortable: readonly string[];
  /** A list filters them by value (`filter={"type_id":3}`, `?type_id=3`): the fields declared `filter`, and every reference. */
  readonly filterable: readonly string[];
  /** A list filters them by age (`recency`: `?last_seen=over_day`). */
  readonly byAge: readonly string[];
  /**
   * With an index of their own for a team's sorted or filtered pages (server/db/ddl.ts): of a category
   * whose objects belong to teams, every sortable list column and every declared filter, but the team
   * itself (a column the console sorts by reads its order from an index however deep the page, a
   * device's last check-in too, though every check-in then writes that index).
   */
  readonly indexed: readonly string[];
}

/** What of a declaration the answers depend on (defineCategory's own input, not imported: no circle). */
type Declared = { fields: Record<string, FieldSpec>; summary: readonly string[]; scope: Scope };

const namesOf = (fields: Record<string, FieldSpec>, keep: (field: FieldSpec, name: string) => boolean): string[] =>
  Object.entries(fields)
    .filter(([name, field]) => keep(field, name))
    .map(([name]) => name);

/** Read by every caller who sees the object: what lists may show, search, sort and filter. */
const seenByAll = (field: FieldSpec) => !field.secret && !field.writeOnly && !field.private;

const isText = (field: FieldSpec | undefined): field is FieldSpec => field !== undefined && seenByAll(field) && KINDS[field.kind].sql === 'text';

function searchedFields(category: Declared): string[] {
  const declared = namesOf(category.fields, (f) => f.searchable === true && isText(f));
  if (declared.length > 0) return declared;
  const naming = category.summary[0];
  return naming !== undefined && isText(category.fields[naming]) ? [naming] : [];
}

export function fieldSetsOf(category: Declared): FieldSets {
  const { fields } = category;
  const listed = namesOf(fields, (f) => f.list === true && seenByAll(f) && KINDS[f.kind].column !== undefined);
  const searchable = searchedFields(category);
  const sortable = namesOf(fields, (f) => seenByAll(f) && (KINDS[f.kind].sortable || f.kind === 'ref'));
  const filterable = namesOf(fields, (f) => seenByAll(f) && (f.kind === 'ref' || (f.filter === true && KINDS[f.kind].filterAs !== undefined)));
  const teamOwned = category.scope === 'team' && fields[TEAM_FIELD] !== undefined;
  return {
    stored: namesOf(fields, (f) => !f.writeOnly),
    readable: namesOf(fields, (f) => !f.writeOnly && !f.secret),
    writable: namesOf(fields, (f) => !f.system && !f.secret),
    private: namesOf(fields, (f) => f.private === true && !f.writeOnly && !f.secret),
    listed,
    exported: namesOf(fields, (f, name) => listed.includes(name) || (f.exported === true && seenByAll(f) && KINDS[f.kind].column !== undefined)),
    searchable,
    searchedRefs: searchable.length > 0 ? namesOf(fields, (f) => f.kind === 'ref' && f.searchable === true && seenByAll(f)) : [],
    searchedValues: searchable.length > 0 ? namesOf(fields, (f) => f.kind === 'json' && f.searchValues !== undefined && seenByAll(f)) : [],
    findsOne: searchable.filter((name) => fields[name].findsOne),
    sortable,
    filterable,
    byAge: namesOf(fields, (f) => f.recency === true && seenByAll(f)),
    indexed: teamOwned
      ? namesOf(
          fields,
          (f, name) =>
            name !== TEAM_FIELD && ((listed.includes(name) && sortable.includes(name)) || (f.filter === true && filterable.includes(name))),
        )
      : [],
  };
}
