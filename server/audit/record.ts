/**
 * audit(tx, entry): the one way anything is written to the audit log, called inside the transaction
 * of the change it records, so a change that commits has its entry and a refused one has none.
 * Adding an action anywhere is one call:
 *
 *   await audit(tx, { by: user, action: 'revoke', category: 'token', id: token.id, name: token.name });
 *
 * `by` is the caller (a SessionUser fits; its token's id, when it came with an API token), a device
 * ({ deviceId }) or null (nobody signed in: a failed sign-in). `team` decides who reads the entry:
 * the admins of that team (and the server administrators); an object moved between teams is
 * recorded once per team, so both teams' admins see the move. `changes` holds the fields changed,
 * before and after; a secret field changed says only that it changed (changes.ts builds them).
 */
import type { Queryable } from '../db/database';
import { AUDIT_TABLE } from './tables';

/** A user (through an API token when `token` is set), a device, or nobody signed in. */
export type AuditActor = { id: number; username: string; token?: { id: number } } | { deviceId: number } | null;

/** A field's value before and after; a secret field only says it changed. */
export type AuditChange = { before: unknown; after: unknown } | { secret: true };
export type AuditChanges = Record<string, AuditChange>;

export interface AuditEntry {
  by: AuditActor;
  /** What was done: 'create', 'update', 'delete', 'claim', 'sign_in_failed', ... (lower case, words joined by '_'). */
  action: string;
  /** The category key of the object, or the name of what else it is ('token', 'invitation'). */
  category: string;
  id?: number | null;
  name?: string | null;
  /** The team whose admins read the entry; several for a move (one entry each); none: server administrators only. */
  team?: number | null | readonly (number | null | undefined)[];
  changes?: AuditChanges;
}

/**
 * For the bench's baseline only (bench/audit.ts measures writes with and without the log in one
 * run, in its own process): no setting turns the log off, so nothing outside that code can.
 */
let benchOff = false;
export const auditOffForBench = (off: boolean) => {
  benchOff = off;
};
const auditOff = () => benchOff;

const COLUMNS = {
  user_id: 'int',
  username: 'text',
  token_id: 'int',
  device_id: 'int',
  team_id: 'int',
  category: 'text',
  object_id: 'int',
  object_name: 'text',
  action: 'text',
  changes: 'jsonb',
};
const NAMES = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
/** One entry: plain parameters, a statement prepared once (a write's usual case). */
const INSERT_ONE = `INSERT INTO ${AUDIT_TABLE} (${NAMES.join(', ')}) VALUES (${NAMES.map((name, i) => `$${i + 1}::${COLUMNS[name]}`).join(', ')})`;
/** Several (a cascade's thousands of deletes): one statement whatever their number. */
const INSERT_MANY = `INSERT INTO ${AUDIT_TABLE} (${NAMES.join(', ')})
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${NAMES.map((name) => `${name} ${COLUMNS[name]}`).join(', ')})`;

function rowsOf(entry: AuditEntry): Record<string, unknown>[] {
  const by = entry.by;
  const actor =
    by === null ? {} : 'deviceId' in by ? { device_id: by.deviceId } : { user_id: by.id, username: by.username, token_id: by.token?.id ?? null };
  const teams = Array.isArray(entry.team) ? [...new Set(entry.team.filter((t) => typeof t === 'number'))] : [entry.team ?? null];
  return (teams.length > 0 ? teams : [null]).map((team) => ({
    ...actor,
    team_id: team,
    category: entry.category,
    object_id: entry.id ?? null,
    object_name: entry.name ?? null,
    action: entry.action,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
  }));
}

/**
 * Writes the entries in one statement, on the transaction of the change they record. In a
 * transaction, one entry goes with its COMMIT (or ahead of the next statement), from a kept plan:
 * on the embedded database, as a statement of its own planned each time, it cost a device's update
 * about 0.37 ms of CPU, with the COMMIT 0.3 ms, prepared too about 0.2 ms (bench/audit.ts).
 */
export async function audit(tx: Queryable, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  if (auditOff()) return;
  const rows = (Array.isArray(entries) ? entries : [entries as AuditEntry]).flatMap(rowsOf);
  if (rows.length === 0) return;
  if (rows.length > 1) return void (await tx.query(INSERT_MANY, [JSON.stringify(rows)]));
  const [row] = rows;
  const values = NAMES.map((name) => (name === 'changes' && row.changes !== null ? JSON.stringify(row.changes) : (row[name] ?? null)));
  if (tx.withCommit) tx.withCommit(INSERT_ONE, values, 'audit_entry_insert');
  else await tx.query(INSERT_ONE, values);
}
