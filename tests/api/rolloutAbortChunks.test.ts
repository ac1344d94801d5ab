/**
 * An abort gives its devices' targets back a chunk per transaction (docs/ROLLOUTS.md, decision 5;
 * PUCS_ROLLOUT_CHUNK = 2 here): the rollout answers aborted at once; each chunk is whole (the target
 * back, its audit entry, the device let go, so it may join another rollout at once); a process stopped
 * between chunks leaves a consistent half, which the engine's next tick finishes, giving nothing back
 * twice; a delete of the rollout meanwhile gives the rest back first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database';
import { engineTick } from '../../server/rollouts/loop';
import { updateTargets } from '../../server/rollouts/step';
import { AUDIT_TABLE } from '../../server/audit/tables';
import { expectError } from './helpers';
import { act, actOk, draft, fleet, progress, report, rolloutWorld, step, targetOf, type World } from './rolloutHelpers';
import type { TestDevice } from './deviceApiHelpers';

const CHUNK = 2;
let w: World;

beforeAll(async () => {
  w = await rolloutWorld({ PUCS_ROLLOUT_CHUNK: String(CHUNK) });
});
afterAll(() => w.t.close());

/**
 * From now on the app's transactions die at their statement letting devices go after the first
 * `allowed` such statements (as a process stopped there); answers the way back to the real database.
 */
function stopAfterReleases(db: Database, allowed: number): () => void {
  const real = db.transaction;
  let n = 0;
  const dying = (tx: Queryable): Queryable =>
    new Proxy(tx, {
      get(target, prop) {
        if (prop !== 'query') {
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return (sql: string, ...rest: unknown[]) => {
          if (sql.includes('SET "holds" = false') && ++n > allowed) throw new Error('process stopped');
          return target.query(sql, ...(rest as [unknown[]]));
        };
      },
    });
  db.transaction = ((fn: (tx: Queryable) => Promise<unknown>) => real.call(db, (tx) => fn(dying(tx)))) as Database['transaction'];
  return () => {
    db.transaction = real;
  };
}

/** Per device (in the given order): its target, whether a rollout holds it, its audit entries of action 'rollout'. */
async function stateOf(devices: TestDevice[]): Promise<[number | null, boolean, number][]> {
  const { rows } = await w.t.db.query<{ id: number; target: number | null; held: boolean; entries: number }>(
    `SELECT "d"."id", "d"."target_firmware_id" AS "target",
            EXISTS (SELECT 1 FROM "rollout_device" AS "rd" WHERE "rd"."device_id" = "d"."id" AND "rd"."holds") AS "held",
            (SELECT count(*)::int FROM ${AUDIT_TABLE} AS "a" WHERE "a"."category" = 'device' AND "a"."action" = 'rollout' AND "a"."object_id" = "d"."id") AS "entries"
       FROM "device" AS "d" WHERE "d"."id" = ANY($1::int[])`,
    [devices.map((d) => d.id)],
  );
  return devices.map((d) => {
    const r = rows.find((row) => row.id === d.id)!;
    return [r.target, r.held, r.entries];
  });
}

/** A started rollout over five devices, all told, the first one's update succeeded. */
async function startedOverFive(): Promise<{ id: number; devices: TestDevice[] }> {
  const devices = (await fleet(w, 5)).sort((a, b) => a.id - b.id);
  const id = await draft(w, { name: `aborted in chunks ${Math.random()}`, device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }] });
  await actOk(w, id, 'start');
  await report(w, devices[0], 'succeeded');
  await step(w, id);
  return { id, devices };
}

/** startedOverFive, aborted with the abort stopped before its first device is given back. */
async function abortedBeforeAnyRelease(): Promise<{ id: number; devices: TestDevice[] }> {
  const started = await startedOverFive();
  const revive = stopAfterReleases(w.t.db, 0);
  try {
    await actOk(w, started.id, 'abort');
  } finally {
    revive();
  }
  return started;
}

describe('an abort in chunks', () => {
  it('stopped after its first chunk: aborted, that chunk whole, the rest still held; the next tick finishes it', async () => {
    const { id, devices } = await startedOverFive();
    const before = await progress(w, id);
    expect(before.phases[0]).toMatchObject({ devices: 5, succeeded: 1, pending: 4 });

    const revive = stopAfterReleases(w.t.db, 1);
    let answer: Awaited<ReturnType<typeof actOk>>;
    try {
      answer = await actOk(w, id, 'abort');
    } finally {
      revive();
    }
    // Aborted at once, its counts as they were: the progress says what happened.
    expect(answer.state).toBe('aborted');
    const half = await progress(w, id);
    expect(half.state).toBe('aborted');
    expect(half.phases).toEqual(before.phases);
    expect(half.history.at(-1)).toMatchObject({ event: 'abort', phase: 1 });
    // The first chunk (the two lowest ids) whole: the succeeded device keeps the firmware, the other has
    // its previous target back with its entry; both let go. The other three: untouched, still held.
    const told: [number, boolean, number] = [w.newFw, true, 1];
    expect(await stateOf(devices)).toEqual([[w.newFw, false, 1], [w.oldFw, false, 2], told, told, told]);
    // A device given back may join another rollout at once; one still held may not, and no action moves the aborted one.
    const free = await draft(w, { device_ids: [devices[1].id] });
    await actOk(w, free, 'start');
    await actOk(w, free, 'abort');
    const blocked = await draft(w, { device_ids: [devices[2].id] });
    const refused = await act(w, blocked, 'start');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ Description: expect.stringContaining('is still being let go by the aborted rollout') });
    await expectError(act(w, id, 'abort'), 409, 'This rollout is aborted: it cannot be aborted.');

    // The engine (any process, after a restart) finishes it: the rest given back once, by the rollout itself.
    await engineTick({ db: w.t.db, registry: w.t.app.registry, chunk: CHUNK }, (message) => {
      throw new Error(message);
    });
    // devices[1] joined (and left) another rollout meanwhile: its entries are 2 + 2.
    expect(await stateOf(devices)).toEqual([[w.newFw, false, 1], [w.oldFw, false, 4], [w.oldFw, false, 2], [w.oldFw, false, 2], [w.oldFw, false, 2]]);
    expect(await progress(w, id)).toEqual(half);
    await actOk(w, blocked, 'start');
    await actOk(w, blocked, 'abort');
  });

  it('with a budget, the chunks stop once that many devices are given back (an action answers then; the engine does the rest)', async () => {
    const { id, devices } = await abortedBeforeAnyRelease();
    const deps = { db: w.t.db, registry: w.t.app.registry, chunk: CHUNK };
    // A budget of 3: two chunks of two, then it stops, saying some are left.
    expect(await updateTargets(deps, id, null, 3)).toBe(false);
    expect((await stateOf(devices)).map(([, held]) => held)).toEqual([false, false, false, false, true]);
    expect(await updateTargets(deps, id, null)).toBe(true);
    expect(await stateOf(devices)).toEqual([[w.newFw, false, 1], [w.oldFw, false, 2], [w.oldFw, false, 2], [w.oldFw, false, 2], [w.oldFw, false, 2]]);
  });

  it('a delete of the aborted rollout still holding devices gives them back first', async () => {
    const { id, devices } = await abortedBeforeAnyRelease();
    expect((await stateOf(devices)).map(([, held]) => held)).toEqual([true, true, true, true, true]);
    const res = await w.owner.client.del(`/api/rollout/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual([w.newFw, w.oldFw, w.oldFw, w.oldFw, w.oldFw]);
  });
});
