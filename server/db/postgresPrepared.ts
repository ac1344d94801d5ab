/**
 * Named statements on PostgreSQL (Queryable's `prepared`) that keep their generic plan, as on PGlite
 * (pglitePrepared.ts). A node-postgres named statement keeps the statement, but PostgreSQL plans a
 * page of a big list anew at every execution all the same: after five executions it compares the
 * generic plan, whose estimate prices LIMIT $n at a tenth of the table, with the custom plans of a
 * 25-row page, and keeps planning (measured on 100,000 devices: 0.5 ms of planning for 0.15 ms of
 * reading, every page). So the statement is prepared once per connection (PREPARE), then executed
 * with its parameters written in, between SET and RESET of plan_cache_mode, in one simple query: one
 * round trip, and an error rolls the setting back with the statement's transaction.
 *
 * Only integer parameters are written in (ids, limits, offsets): anything else is left to
 * node-postgres's named statement, which shares the connection's names, so this one is named apart.
 */
import type * as pgTypes from 'pg';
import { ident } from '../crud/sql';

export type PostgresPreparedRun = (client: pgTypes.PoolClient, sql: string, params: unknown[], name: string) => Promise<{ rows: unknown[] } | undefined>;

export function postgresPrepared(): PostgresPreparedRun {
  /** The statements each connection has prepared, by name: a connection the pool replaces starts with none. */
  const preparedOn = new WeakMap<pgTypes.PoolClient, Map<string, string>>();
  return async (client, sql, params, name) => {
    if (!params.every((p) => Number.isSafeInteger(p))) return undefined;
    let prepared = preparedOn.get(client);
    if (!prepared) preparedOn.set(client, (prepared = new Map()));
    const kept = ident(`generic_${name}`);
    const known = prepared.get(name);
    if (known !== undefined && known !== sql) throw new Error(`Statement ${name} prepared with another text.`);
    if (known === undefined) {
      await client.query(`PREPARE ${kept} AS ${sql}`);
      prepared.set(name, sql);
    }
    const args = params.length > 0 ? `(${params.join(', ')})` : '';
    const results = (await client.query(`SET plan_cache_mode = force_generic_plan; EXECUTE ${kept}${args}; RESET plan_cache_mode`)) as unknown as pgTypes.QueryResult[];
    return { rows: results[1].rows };
  };
}
