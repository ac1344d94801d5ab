/**
 * What GET /api/audit and its CSV export read (routes.ts): the entries the caller may read, by the
 * filters they sent, newest first unless asked otherwise.
 *
 * Who reads what: the server administrators every entry; a team admin the entries of the teams
 * they administer (an entry of no team, a sign-in or a user's change, is the server
 * administrators'); anyone else is refused (403, `readableTeams`): the audit is an admin's tool,
 * and an empty list would read as 'nothing happened'. A filter naming a team the caller does not
 * administer matches nothing, like an id of another team's object.
 *
 * The list dialect of the generic lists (server/crud/listQuery.ts): `range=[0,24]`,
 * `sort=["at","DESC"]`, `filter={"team_id":3,"category":"device","object_id":12,"user_id":2,
 * "action":"update","from":"2026-11-01","to":"2026-11-28"}`; `to` is exclusive, a date alone
 * meaning the end of that day (UTC).
 */
import { ownMessages } from '../../src/messages';
import { ROLE } from '../../src/schemas/role';
import type { SessionUser } from '../auth/sessionUser';
import { forbidden, badRequest } from '../http/errors';
import { parseJson, parseRange, type ListQuery, type Query } from '../crud/listQuery';
import { isPlainObject } from '../crud/validate';
import { SqlParams } from '../crud/sql';

/** The filters and what each compares as. */
export const AUDIT_FILTERS = {
  team_id: 'id',
  user_id: 'id',
  category: 'text',
  object_id: 'id',
  action: 'text',
  from: 'time',
  to: 'time',
} as const;
export type AuditFilterKey = keyof typeof AUDIT_FILTERS;

export interface AuditQuery {
  filter: Partial<Record<AuditFilterKey, number | string | Date>>;
  range?: ListQuery['range'];
  descending: boolean;
}

const SORT_EXPECTED = '["at" or "id", "ASC" or "DESC"]';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function filterValue(key: AuditFilterKey, value: unknown): number | string | Date {
  const kind = AUDIT_FILTERS[key];
  const wrong = () => badRequest(ownMessages.auditFilterInvalid(key));
  if (kind === 'id') {
    const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw wrong();
    return id;
  }
  if (kind === 'text') {
    if (typeof value !== 'string' || value.length > 64) throw wrong();
    return value;
  }
  if (typeof value !== 'string') throw wrong();
  const time = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time.getTime())) throw wrong();
  // `to` names the last day it includes: the entries before the next midnight.
  if (key === 'to' && DATE_ONLY.test(value)) time.setUTCDate(time.getUTCDate() + 1);
  return time;
}

export function parseAuditQuery(query: Query): AuditQuery {
  const given = parseJson(query, 'filter', 'a JSON object') ?? {};
  if (!isPlainObject(given)) throw badRequest(ownMessages.badListParam('filter', 'a JSON object'));
  const filter: AuditQuery['filter'] = {};
  for (const [key, value] of Object.entries(given)) {
    if (!(key in AUDIT_FILTERS)) throw badRequest(ownMessages.auditFilterUnknown(key, Object.keys(AUDIT_FILTERS)));
    // Blank and null are a cleared input (react-admin sends them so): no filter.
    if (value === '' || value === null) continue;
    filter[key as AuditFilterKey] = filterValue(key as AuditFilterKey, value);
  }
  const sort = parseJson(query, 'sort', SORT_EXPECTED);
  let descending = true;
  if (sort !== undefined) {
    const ok = Array.isArray(sort) && sort.length === 2 && (sort[0] === 'at' || sort[0] === 'id') && typeof sort[1] === 'string' && /^(ASC|DESC)$/i.test(sort[1]);
    if (!ok) throw badRequest(ownMessages.badListParam('sort', SORT_EXPECTED));
    descending = (sort[1] as string).toUpperCase() === 'DESC';
  }
  return { filter, range: parseRange(query), descending };
}

/** The teams whose entries the caller reads: 'all' for a server administrator; 403 for a caller who administers none. */
export function readableTeams(user: SessionUser): number[] | 'all' {
  const teams = auditTeamIds(user);
  if (teams === null) return 'all';
  if (teams.length === 0) throw forbidden(ownMessages.auditAdminsOnly);
  return teams;
}

/** The teams whose entries `user` reads: null for every team's (a server administrator), [] for none (GET /api/current_user tells the console). */
export function auditTeamIds(user: SessionUser): number[] | null {
  if (user.isServerAdmin) return null;
  return [...user.roles.entries()].filter(([, role]) => role === ROLE.ADMIN).map(([team]) => team);
}

/** The WHERE clause (without the word) of the entries `teams` may read that match `filter`; null: none can. */
export function auditWhere(teams: number[] | 'all', filter: AuditQuery['filter'], params: SqlParams): string | null {
  const conditions: string[] = [];
  const team = filter.team_id as number | undefined;
  if (teams !== 'all') {
    if (team !== undefined && !teams.includes(team)) return null;
    // One team as an equality: its index then gives the page's order.
    if (team === undefined) conditions.push(teams.length === 1 ? `team_id = ${params.add(teams[0])}::int` : `team_id = ANY(${params.add(teams)}::int[])`);
  }
  if (team !== undefined) conditions.push(`team_id = ${params.add(team)}::int`);
  for (const key of ['user_id', 'object_id'] as const) if (filter[key] !== undefined) conditions.push(`${key} = ${params.add(filter[key])}::int`);
  for (const key of ['category', 'action'] as const) if (filter[key] !== undefined) conditions.push(`${key} = ${params.add(filter[key])}`);
  if (filter.from !== undefined) conditions.push(`at >= ${params.add((filter.from as Date).toISOString())}::timestamptz`);
  if (filter.to !== undefined) conditions.push(`at < ${params.add((filter.to as Date).toISOString())}::timestamptz`);
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

/** The columns of an entry as answered (the id as a JSON number: bigserial reads as text). */
export const ENTRY_COLUMNS = 'id::float8 AS id, at, user_id, username, token_id, device_id, team_id, category, object_id, object_name, action, changes';

