/**
 * The engine with several processes and a process killed mid-step (docs/ROLLOUTS.md, decision 8):
 * two apps on one PostgreSQL database stepping one rollout at once do nothing twice (each phase's
 * targets set once, one history event per event, one audit entry per device); a step whose
 * transaction dies after any of its statements leaves nothing of it, and the next step does it whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database, type Queryable } from '../../server/db/database';
import { stepRollout } from '../../server/rollouts/step';
import { AUDIT_TABLE } from '../../server/audit/tables';
import { api } from './helpers';
import { act, actOk, draft, fleet, progress, report, rolloutWorld, targetOf, type World } from './rolloutHelpers';
import type { TestDevice } from './deviceApiHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

/** The audit entries the rollouts wrote for these devices' targets. */
async function targetEntries(devices: TestDevice[]): Promise<number> {
  const { rows } = await w.t.db.query<{ n: number }>(
    `SELECT count(*)::int AS "n" FROM ${AUDIT_TABLE} WHERE "category" = 'device' AND "action" = 'rollout' AND "object_id" = ANY($1::int[])`,
    [devices.map((d) => d.id)],
  );
  return rows[0].n;
}

const events = async (id: number) => (await progress(w, id)).history.map((e) => `${e.event}:${e.phase}`);

describe.runIf(process.env.DATABASE_URL)('two processes on PostgreSQL', () => {
  let db2: Database;
  let app2: FastifyInstance;
  beforeAll(async () => {
    db2 = await openDatabase({ url: w.t.url });
    app2 = await buildApp({ db: db2, config: w.t.config });
    await app2.ready();
  });
  afterAll(async () => {
    await app2.close();
    await db2.close();
  });

  it('stepping one rollout at once, they set each phase once and write each event once', async () => {
    const devices = await fleet(w, 12);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 4 }, { count: 4 }, { percent: 100 }] });
    await actOk(w, id, 'start');
    const both = () => Promise.all([0, 1, 2, 3, 4, 5].map((i) => stepRollout(i % 2 === 0 ? { db: w.t.db, registry: w.t.app.registry, chunk: 3 } : { db: db2, registry: app2.registry, chunk: 3 }, id)));
    for (const phase of [0, 1, 2]) {
      for (const d of devices.slice(phase * 4, phase * 4 + 4)) await report(w, d, 'succeeded');
      await both();
      await both();
    }
    expect(await events(id)).toEqual(['start:0', 'phase_started:1', 'phase_ended:1', 'phase_started:2', 'phase_ended:2', 'phase_started:3', 'phase_ended:3', 'finished:3']);
    expect(await targetEntries(devices)).toBe(12);
  });

  it('two starts over one device at once, one per process: one runs, the other answers 409 naming the device', async () => {
    const [d] = await fleet(w, 1, { name: 'raced device' });
    const first = await draft(w, { device_ids: [d.id] });
    const second = await draft(w, { device_ids: [d.id] });
    const answers = await Promise.all([act(w, first, 'start'), act(w, second, 'start', api(app2, w.owner.cookie))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json()).toEqual({ Description: expect.stringContaining("The device 'raced device' is already in the running rollout") });
    const { rows } = await w.t.db.query<{ n: number }>('SELECT count(*)::int AS "n" FROM "rollout_device" WHERE "device_id" = $1 AND "holds"', [d.id]);
    expect(rows[0].n).toBe(1);
    for (const id of [first, second]) if ((await progress(w, id)).state === 'running') await actOk(w, id, 'abort');
  });
});

/** The app's database, whose transactions die at the `k`-th statement sent through them in all (as a process killed there). */
function dyingAt(db: Database, k: number): Database {
  let n = 0;
  const transaction: Database['transaction'] = (fn) =>
    db.transaction((tx) => {
      const dying = new Proxy(tx, {
        get(target, prop) {
          if (prop === 'query') {
            return (...args: Parameters<Queryable['query']>) => {
              n++;
              if (n === k) throw new Error(`killed at statement ${k}`);
              return target.query(...args);
            };
          }
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return fn(dying);
    });
  return new Proxy(db, { get: (target, prop) => (prop === 'transaction' ? transaction : (Reflect.get(target, prop) as unknown)) });
}

/**
 * What no step may leave half-done: a device is marked told exactly when its target is the rollout's
 * firmware and it has its one audit entry; the history holds whole events.
 */
async function expectWhole(id: number, events: string[][]): Promise<number> {
  const { rows } = await w.t.db.query<{ targeted: boolean; target: number; entries: number }>(
    `SELECT "rd"."targeted", "d"."target_firmware_id" AS "target",
            (SELECT count(*)::int FROM ${AUDIT_TABLE} AS "a" WHERE "a"."category" = 'device' AND "a"."action" = 'rollout' AND "a"."object_id" = "d"."id") AS "entries"
       FROM "rollout_device" AS "rd" JOIN "device" AS "d" ON "d"."id" = "rd"."device_id" WHERE "rd"."rollout_id" = $1`,
    [id],
  );
  expect(rows.map((r) => [r.target, r.entries])).toEqual(rows.map((r) => (r.targeted ? [w.newFw, 1] : [w.oldFw, 0])));
  const { rows: stored } = await w.t.db.query<{ history: { event: string; phase: number }[] }>('SELECT "history" FROM "rollout" WHERE "id" = $1', [id]);
  expect(events).toContainEqual(stored[0].history.map((e) => `${e.event}:${e.phase}`));
  return rows.filter((r) => r.targeted).length;
}

describe('a process killed mid-step', () => {
  it('leaves nothing half-done, whichever statement it died at; the next step carries on and tells every device once', async () => {
    const devices = await fleet(w, 8);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 3 }, { percent: 100 }] });
    await actOk(w, id, 'start');
    for (const d of devices.slice(0, 3)) await report(w, d, 'succeeded');
    const before = await events(id);
    const after = [...before, 'phase_ended:1', 'phase_started:2'];
    // Phase 2's five devices told two at a time: the step is three transactions after its first.
    const deps = (db: Database) => ({ db, registry: w.t.app.registry, chunk: 2 });
    const toldAfterDeaths = new Set<number>();
    for (let k = 2; ; k++) {
      const died = await stepRollout(deps(dyingAt(w.t.db, k)), id).then(
        () => false,
        (err: Error) => err.message === `killed at statement ${k}`,
      );
      if (!died) break;
      toldAfterDeaths.add(await expectWhole(id, [before, after]));
    }
    // It died before the phase's start committed (phase 1's 3 told), and between chunks (3 + 2, 3 + 4).
    expect([...toldAfterDeaths].sort()).toEqual([3, 5, 7]);
    await stepRollout(deps(w.t.db), id);
    expect(await events(id)).toEqual(after);
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual(devices.map(() => w.newFw));
    expect(await targetEntries(devices)).toBe(8);
  });
});
