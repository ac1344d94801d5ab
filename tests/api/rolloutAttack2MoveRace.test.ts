/**
 * A device moved to another team while a rollout of its old team starts (issue 30, second attack),
 * on PostgreSQL where the two really overlap: the start had read the device among its team's
 * devices, the move had let it leave every rollout it was in (none yet), and then the start took
 * it: a device of the new team held by the old team's rollout, whose admins were refused a change
 * of its target naming a rollout they cannot see. Made deterministic by a transaction of the test
 * that holds the start's INSERT (an uncommitted row of the device in rollout_device's unique index)
 * until the move has been sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOk } from './crudFixtures';
import { createTeam, ROLE } from './helpers';
import { openDatabase } from '../../server/db/database';
import { until } from './databaseHold';
import { act, draft, fleet, rolloutWorld, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  if (process.env.DATABASE_URL) w = await rolloutWorld();
});
afterAll(() => w?.t.close());

/** Sessions of the test's database waiting for a lock. */
const lockWaiters = async () =>
  (await w.t.db.query<{ n: number }>(`SELECT count(*)::int AS "n" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock'`)).rows[0].n;

describe.runIf(process.env.DATABASE_URL)('a move racing a start', () => {
  it('never leaves the moved device held by its old team’s rollout', async () => {
    const c = w.owner.client;
    const teamB = await createTeam(w.t.db, 'race B', [[w.owner.userId, ROLE.ADMIN]]);
    const typeB = (await createOk(c, 'type', { name: 'race type B', team_id: teamB })).id as number;
    const fwB = (await createOk(c, 'firmware', { name: 'race fw B', version: '1.0.0', team_id: teamB, type_id: typeB })).id as number;
    const devices = await fleet(w, 2, { name: 'racer', target_firmware_id: null });
    const moved = devices[1];
    // Filters: a list of chosen devices would keep the device in its team (a list names objects of its own team).
    const id = await draft(w, { device_filter: { q: 'racer' }, phases: [{ count: 1 }, { percent: 100 }], advance: 'manual' });
    const other = await draft(w, { device_filter: { q: 'nobody' } });

    const holder = await openDatabase({ url: w.t.url });
    let release!: () => void;
    let inserted!: () => void;
    const ready = new Promise<void>((resolve) => (inserted = resolve));
    const holding = holder
      .transaction(async (tx) => {
        await tx.query('INSERT INTO "rollout_device" ("rollout_id", "device_id", "phase") VALUES ($1, $2, 1)', [other, moved.id]);
        inserted();
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await ready;
    const start = act(w, id, 'start');
    await until(async () => (await lockWaiters()) >= 1);
    let moveDone = false;
    const move = c.put(`/api/device/${moved.id}`, { team_id: teamB, type_id: typeB }).finally(() => (moveDone = true));
    await until(async () => moveDone || (await lockWaiters()) >= 2);
    release();
    await holding;
    await holder.close();
    const [started, movedRes] = await Promise.all([start, move]);
    expect(started.statusCode, started.body).toBe(200);
    expect(movedRes.statusCode, movedRes.body).toBe(200);

    const { rows } = await w.t.db.query('SELECT "rollout_id" FROM "rollout_device" WHERE "device_id" = $1 AND "holds"', [moved.id]);
    expect(rows).toEqual([]);
    const retarget = await c.put(`/api/device/${moved.id}`, { target_firmware_id: fwB });
    expect(retarget.statusCode, retarget.body).toBe(200);
  });
});
