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
    const both = () => Promise.all([0, 1, 2, 3, 4, 5].map((i) => stepRollout(i % 2 === 0 ? { db: w.t.db, registry: w.t.app.registry } : { db: db2, registry: app2.registry }, id)));
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

/** The app's database, whose step transactions die at their `k`-th statement (as a process killed there). */
function dyingAt(db: Database, k: number): Database {
  const transaction: Database['transaction'] = (fn) =>
    db.transaction((tx) => {
      let n = 0;
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

describe('a process killed mid-step', () => {
  it('leaves nothing of the step, whichever statement it died at; the next step starts the next phase whole', async () => {
    const devices = await fleet(w, 6);
    const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 3 }, { percent: 100 }] });
    await actOk(w, id, 'start');
    for (const d of devices.slice(0, 3)) await report(w, d, 'succeeded');
    const before = await events(id);
    // Dying at statement 2, 3, ...: until a step has fewer statements than that, and so completes.
    let k = 2;
    for (; ; k++) {
      const died = await stepRollout({ db: dyingAt(w.t.db, k), registry: w.t.app.registry }, id).then(
        () => false,
        (err: Error) => err.message === `killed at statement ${k}`,
      );
      if (!died) break;
      expect(await events(id), `died at statement ${k}`).toEqual(before);
      expect(await targetOf(w, devices[3].id)).toBe(w.oldFw);
      expect((await progress(w, id)).phases[0].succeeded).toBe(0);
    }
    // It died after the targets' statement, the audit entries' and the history's too.
    expect(k).toBeGreaterThan(9);
    expect(await events(id)).toEqual([...before, 'phase_ended:1', 'phase_started:2']);
    expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual(devices.map(() => w.newFw));
    expect(await targetEntries(devices)).toBe(6);
  });
});
