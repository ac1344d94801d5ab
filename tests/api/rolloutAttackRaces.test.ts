/**
 * Races a careless or hostile client makes with a rollout (issue 30 attack), each a few times so that
 * on PostgreSQL (DATABASE_URL) the requests really overlap: whatever the order the database picks,
 * one start wins, a hand change that was answered 200 is not lost by an abort, and nothing the engine
 * does after an abort sets a target again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, draft, fleet, progress, rolloutWorld, step, targetOf, uploadedFirmware, type World } from './rolloutHelpers';

let w: World;

beforeAll(async () => {
  w = await rolloutWorld();
});
afterAll(() => w.t.close());

const ROUNDS = 4;

describe('races', () => {
  it('two starts of one rollout at once: one 200, one 409; the devices are taken and told once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const devices = await fleet(w, 2);
      const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ percent: 100 }] });
      const answers = await Promise.all([act(w, id, 'start'), act(w, id, 'start')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      // The loser's lock may have made the winner's telling skip: the engine's next step (nudged) tells them.
      await step(w, id);
      const p = await progress(w, id);
      expect(p.history.filter((e) => e.event === 'start')).toHaveLength(1);
      expect(p.phases[0].devices).toBe(2);
      const { rows } = await w.t.db.query<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "audit_entry" WHERE "action" = 'rollout' AND "category" = 'device' AND "object_id" = ANY($1::int[])`,
        [devices.map((d) => d.id)],
      );
      expect(rows[0].n).toBe(2);
      expect((await act(w, id, 'abort')).statusCode).toBe(200);
    }
  });

  it('a start racing a hand change of a device’s target: a change answered 200 is the target after an abort', async () => {
    const hand = await uploadedFirmware(w);
    for (let i = 0; i < ROUNDS; i++) {
      const [d] = await fleet(w, 1);
      const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
      const [start, change] = await Promise.all([act(w, id, 'start'), w.owner.client.put(`/api/device/${d.id}`, { target_firmware_id: hand.id })]);
      expect(start.statusCode, start.body).toBe(200);
      expect([200, 409], change.body).toContain(change.statusCode);
      // Held: the rollout's firmware is its target, whichever came first.
      expect(await targetOf(w, d.id)).toBe(w.newFw);
      expect((await act(w, id, 'abort')).statusCode).toBe(200);
      expect(await targetOf(w, d.id)).toBe(change.statusCode === 200 ? hand.id : w.oldFw);
    }
  });

  it('an abort racing the engine’s step: aborted, every target given back, none set again after', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const devices = await fleet(w, 3);
      const id = await draft(w, { device_ids: devices.map((d) => d.id), phases: [{ count: 1 }, { percent: 100 }] });
      expect((await act(w, id, 'start')).statusCode).toBe(200);
      const [abort] = await Promise.all([act(w, id, 'abort'), step(w, id), step(w, id)]);
      expect(abort.statusCode, abort.body).toBe(200);
      await step(w, id);
      expect((await progress(w, id)).state).toBe('aborted');
      expect(await Promise.all(devices.map((d) => targetOf(w, d.id)))).toEqual(devices.map(() => w.oldFw));
    }
  });

  it('a delete racing a start: either the start answers 404 or the delete 409; never a running rollout gone', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const [d] = await fleet(w, 1);
      const id = await draft(w, { device_ids: [d.id], phases: [{ percent: 100 }] });
      const [start, del] = await Promise.all([act(w, id, 'start'), w.owner.client.del(`/api/rollout/${id}`)]);
      if (del.statusCode === 200) {
        expect([404, 409]).toContain(start.statusCode);
        expect(await targetOf(w, d.id)).toBe(w.oldFw);
      } else {
        expect(del.statusCode, del.body).toBe(409);
        expect(start.statusCode).toBe(200);
        expect((await act(w, id, 'abort')).statusCode).toBe(200);
      }
    }
  });
});
