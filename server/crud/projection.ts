/**
 * What a read returns: which columns, and which expansions, reverse lists, lookups, counts and
 * lists read through a reference (the derived values a category declares, or gets from a
 * listThrough naming it). Built from the ?fields= parameter and whether the
 * route is /api/full/...:
 *
 * - no ?fields=: every public column; on /full also every derived value, with summary fields.
 * - ?fields= given: exactly what it names (and the id, with a list read through a reference). Plain names pick columns or derived keys (a derived
 *   key gets the target's summary fields); `cat(a,b)` picks every expansion and list whose
 *   target category is `cat`, with fields a, b (groups matching nothing in this category are
 *   ignored: the console sends one fields string to several categories). When no plain name is
 *   given, every public column is returned besides the groups.
 *
 * Secret fields (a password hash, a claim code) are not public: asking for one is an unknown
 * field, exactly like a misspelt name. So is asking, through a reference declared sameTeam:
 * false (an author, a team member), for more than the target's summary.
 *
 * The fields of an expanded object or of a list item may also name the target's own lookups
 * and counts (a team's roles show each member's username): flat values, one level deep, so a
 * read never recurses through the categories.
 *
 * Categories are looked up in the registry the app runs on, so a test's fixture category expands
 * and lists like the others.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';
import { parseFieldsParam } from './fieldsParam';
import type { ServerRegistry } from './registry';
import { throughParts, type ThroughPart } from './listThrough';

export interface ExpansionPart {
  key: string;
  via: string;
  target: Category;
  fields: string[];
  /** How to answer each expanded object (its `fields`). */
  sub: Projection;
}

export interface ListPart {
  key: string;
  source: Category;
  via: string;
  fields: string[];
  /** How to answer each listed object (its `fields`). */
  sub: Projection;
}

export interface LookupPart {
  key: string;
  via: string;
  target: Category;
  field: string;
}

export interface CountPart {
  key: string;
  source: Category;
  via: string;
}

export interface Projection {
  columns: string[];
  expansions: ExpansionPart[];
  lists: ListPart[];
  lookups: LookupPart[];
  counts: CountPart[];
  /** Lists read through a reference and their 'Used in' (listThrough.ts). */
  throughs: ThroughPart[];
}

const columnsCache = new WeakMap<Category, readonly string[]>();

/** Columns the API may return: id and the readable fields (fieldSets.readable). */
export function publicColumns(category: Category): readonly string[] {
  let cols = columnsCache.get(category);
  if (!cols) {
    cols = ['id', ...category.fieldSets.readable];
    columnsCache.set(category, cols);
  }
  return cols;
}

function refTarget(registry: ServerRegistry, category: Category, field: string): Category {
  const spec = category.fields[field];
  if (!spec?.ref) throw new Error(`${category.key}.${field} is not a ref`);
  return registry.get(spec.ref);
}

function lookupParts(registry: ServerRegistry, category: Category): LookupPart[] {
  return Object.entries(category.lookups ?? {}).map(([key, l]) => ({
    key,
    via: l.via,
    target: refTarget(registry, category, l.via),
    field: l.field,
  }));
}

function countParts(registry: ServerRegistry, category: Category): CountPart[] {
  return Object.entries(category.counts ?? {}).map(([key, c]) => ({
    key,
    source: registry.get(c.category),
    via: c.via,
  }));
}

function checkSubfields(target: Category, fields: readonly string[]): string[] {
  const allowed = [...publicColumns(target), ...Object.keys(target.lookups ?? {}), ...Object.keys(target.counts ?? {})];
  const wanted = fields.length > 0 ? fields : target.summary;
  for (const f of wanted) if (!allowed.includes(f)) throw badRequest(ownMessages.unknownField(`${target.key}.${f}`));
  return [...wanted];
}

/** How to answer the sub-fields of an expansion or list item (checked by checkSubfields). */
function subProjection(registry: ServerRegistry, target: Category, fields: readonly string[]): Projection {
  return {
    columns: publicColumns(target).filter((c) => fields.includes(c)),
    expansions: [],
    lists: [],
    lookups: lookupParts(registry, target).filter((l) => fields.includes(l.key)),
    counts: countParts(registry, target).filter((c) => fields.includes(c.key)),
    throughs: [],
  };
}

/** Every derived value of a category with summary fields, computed once per registry (which is fixed). */
const derivedCache = new WeakMap<ServerRegistry, Map<string, Projection>>();

function allDerived(registry: ServerRegistry, category: Category): Projection {
  let byKey = derivedCache.get(registry);
  if (!byKey) derivedCache.set(registry, (byKey = new Map()));
  let derived = byKey.get(category.key);
  if (!derived) byKey.set(category.key, (derived = buildDerived(registry, category)));
  return derived;
}

function buildDerived(registry: ServerRegistry, category: Category): Projection {
  return {
    columns: [],
    expansions: Object.entries(category.expansions ?? {}).map(([key, e]) => {
      const target = refTarget(registry, category, e.field);
      const fields = checkSubfields(target, []);
      return { key, via: e.field, target, fields, sub: subProjection(registry, target, fields) };
    }),
    lists: Object.entries(category.lists ?? {}).map(([key, l]) => {
      const source = registry.get(l.category);
      const fields = checkSubfields(source, []);
      return { key, source, via: l.via, fields, sub: subProjection(registry, source, fields) };
    }),
    lookups: lookupParts(registry, category),
    counts: countParts(registry, category),
    throughs: throughParts(registry, category, publicColumns),
  };
}

export function resolveProjection(registry: ServerRegistry, category: Category, fieldsParam: string | undefined, full: boolean): Projection {
  const every = allDerived(registry, category);
  if (fieldsParam === undefined || fieldsParam.trim() === '') {
    const columns = [...publicColumns(category)];
    return full ? { ...every, columns } : { columns, expansions: [], lists: [], lookups: [], counts: [], throughs: [] };
  }
  const request = parseFieldsParam(fieldsParam);
  const chosen: Projection = { columns: [], expansions: [], lists: [], lookups: [], counts: [], throughs: [] };
  const columns = publicColumns(category);

  for (const name of request.plain) {
    const found =
      (columns.includes(name) && (chosen.columns.push(name), true)) ||
      pick(every.expansions, chosen.expansions, name) ||
      pick(every.lists, chosen.lists, name) ||
      pick(every.lookups, chosen.lookups, name) ||
      pick(every.counts, chosen.counts, name) ||
      pick(every.throughs, chosen.throughs, name);
    if (!found) throw badRequest(ownMessages.unknownField(name));
  }
  if (request.plain.length === 0) chosen.columns.push(...columns);
  // A list read through a reference keys on its object: the answer names the object's id (spec section 7, documentation reads).
  if (chosen.throughs.length > 0 && !chosen.columns.includes('id')) chosen.columns.unshift('id');

  for (const group of request.groups) {
    const target = registry.find(group.category);
    if (!target) throw badRequest(ownMessages.unknownField(group.category));
    const fields = checkSubfields(target, group.fields);
    const sub = subProjection(registry, target, fields);
    for (const e of every.expansions.filter((x) => x.target.key === target.key)) {
      // A reference that may cross teams (an author, a member) shows only its target's summary:
      // the target need not be visible to the caller (an author who has left the team).
      if (category.fields[e.via]?.sameTeam === false) {
        const beyond = fields.find((f) => !target.summary.includes(f));
        if (beyond !== undefined) throw badRequest(ownMessages.unknownField(`${target.key}.${beyond}`));
      }
      upsert(chosen.expansions, { ...e, fields, sub });
    }
    for (const l of every.lists.filter((x) => x.source.key === target.key)) upsert(chosen.lists, { ...l, fields, sub });
  }
  chosen.columns = [...new Set(chosen.columns)];
  return chosen;
}

function pick<T extends { key: string }>(from: T[], into: T[], key: string): boolean {
  const part = from.find((p) => p.key === key);
  if (part && !into.some((p) => p.key === key)) into.push(part);
  return part !== undefined;
}

function upsert<T extends { key: string }>(into: T[], part: T): void {
  const i = into.findIndex((p) => p.key === part.key);
  if (i === -1) into.push(part);
  else into[i] = part;
}
