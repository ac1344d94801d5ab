/**
 * A fleet's check-ins and the console's calls are counted apart (issue 28 item 8): 200 devices
 * checking in at once were mostly refused 503 by PUCS_MAX_INFLIGHT (64), a bound made for the
 * console's pages of tens of milliseconds, while a check-in is a few statements' work; nor do
 * devices take the console's places. Devices have their own bound, PUCS_MAX_DEVICE_INFLIGHT.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, description, type TestApp } from './helpers';
import { holdDatabase, until } from './databaseHold';
import { deviceWithKey, postCheckin } from './deviceApiHelpers';
import { readConfig } from '../../server/config';
import { startupProblems } from '../../server/runtime/startupChecks';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A request's answer, and whether it has come yet. */
function watched(answer: Promise<LightMyRequestResponse>) {
  const w = { settled: false, answer };
  void answer.finally(() => (w.settled = true));
  return w;
}

describe('check-ins in flight (PUCS_MAX_DEVICE_INFLIGHT)', () => {
  it("a check-in is not refused while the console's calls fill PUCS_MAX_INFLIGHT, and is answered once the database is free", async () => {
    const app = await createTestApp({ PUCS_MAX_INFLIGHT: '2' });
    t = app;
    const { client, teamId } = await adminWithTeam(app, 'fleet');
    const device = await deviceWithKey(client, teamId);
    const held = await holdDatabase(app);
    const waiting = app.db.stats.waiting;
    const pages = [client.get('/api/type?fields=id,name'), client.get('/api/full/type')];
    await until(() => app.db.stats.waiting >= waiting + 2);
    expect((await client.get('/api/type?fields=id,name')).statusCode).toBe(503);

    // The console is full; the device's call waits for the database (or, refused, is answered at once).
    const checkin = watched(postCheckin(app.app, device.token(), {}));
    await until(() => checkin.settled || app.db.stats.waiting >= waiting + 3);
    await held.release();
    const res = await checkin.answer;
    expect(res.statusCode, res.body).toBe(200);
    expect((await Promise.all(pages)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it("check-ins in flight take none of the console's places", async () => {
    const app = await createTestApp({ PUCS_MAX_INFLIGHT: '1' });
    t = app;
    const { client, teamId } = await adminWithTeam(app, 'fleet');
    const device = await deviceWithKey(client, teamId);
    const held = await holdDatabase(app);
    const waiting = app.db.stats.waiting;
    const checkin = postCheckin(app.app, device.token(), {});
    await until(() => app.db.stats.waiting >= waiting + 1);

    const page = watched(client.get('/api/type?fields=id,name'));
    await until(() => page.settled || app.db.stats.waiting >= waiting + 2);
    await held.release();
    expect((await page.answer).statusCode).toBe(200);
    expect((await checkin).statusCode).toBe(200);
  });

  it('beyond PUCS_MAX_DEVICE_INFLIGHT a check-in answers 503 with Retry-After at once, and 200 again once the others are answered', async () => {
    const app = await createTestApp({ PUCS_MAX_DEVICE_INFLIGHT: '1' });
    t = app;
    const { client, teamId } = await adminWithTeam(app, 'fleet');
    const device = await deviceWithKey(client, teamId);
    const other = await deviceWithKey(client, teamId);
    const held = await holdDatabase(app);
    const waiting = app.db.stats.waiting;
    const first = postCheckin(app.app, device.token(), {});
    await until(() => app.db.stats.waiting >= waiting + 1);

    const refused = await postCheckin(app.app, other.token(), {});
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(description(refused)).toBe(ownMessages.serverBusy);
    // The console's calls have places of their own.
    const page = client.get('/api/type?fields=id,name');
    await held.release();
    expect((await first).statusCode).toBe(200);
    expect((await page).statusCode).toBe(200);
    expect((await postCheckin(app.app, other.token(), {})).statusCode).toBe(200);
  });

  it('a mistyped PUCS_MAX_DEVICE_INFLIGHT stops the start with one clear line; 0 is no limit', () => {
    expect(startupProblems(readConfig({ PUCS_MAX_DEVICE_INFLIGHT: '10k' })).join('\n')).toContain('PUCS_MAX_DEVICE_INFLIGHT');
    expect(startupProblems(readConfig({ PUCS_MAX_DEVICE_INFLIGHT: '0' }))).toEqual([]);
  });
});
