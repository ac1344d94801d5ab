/**
 * Heavy work in flight (issue 28 item 1): a few big answers held the server while the count of
 * requests in flight stayed far below its limit, so a light call waited for seconds and nobody was
 * refused. Heavy calls (by the size of their recent answers, or the time their statements held the
 * database) are now let in only up to PUCS_MAX_HEAVY at once, a few more wait their turn, and the
 * rest answer 503 at once; light calls are let in meanwhile. The database is held (no clock) so that
 * the heavy calls stay in flight; a slow statement is made slow by the database itself (pg_sleep),
 * which makes it last at least that long whatever the machine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { HEAVY_BYTES, HEAVY_DB_MS, HEAVY_WAITING_PER_SLOT } from '../../server/http/heavyWork';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { holdDatabase, until } from './databaseHold';
import { checkinOk, deviceWithKey, postCheckin } from './deviceApiHelpers';

let t: TestApp | undefined;
/** Lets the held database go, whatever the test's outcome. */
let releaseDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await releaseDatabase?.();
  releaseDatabase = undefined;
  await t?.close();
  t = undefined;
});

/** Enough types that their whole list is a heavy answer. */
async function bigAnswers(app: TestApp, teamId: number) {
  const notes = 'n'.repeat(1000);
  const rows = Math.ceil((2 * HEAVY_BYTES) / notes.length);
  await app.db.query(`INSERT INTO type (name, team_id, notes) SELECT 'heavy ' || i, $1, $2 FROM generate_series(1, ${rows}) i`, [teamId, notes]);
  return (answer: string) => expect(answer.length).toBeGreaterThan(HEAVY_BYTES);
}

/** A few types, each of whose reads first holds the database HEAVY_DB_MS (pg_sleep): small answers, long work. */
async function slowStatements(app: TestApp, teamId: number) {
  await app.db.query(`INSERT INTO type (name, team_id) SELECT 'slow ' || i, $1 FROM generate_series(1, 3) i`, [teamId]);
  const query = app.db.query.bind(app.db);
  app.db.query = async <T>(sql: string, params?: unknown[], prepared?: string) => {
    if (sql.includes('FROM "type"')) await query(`SELECT pg_sleep(${HEAVY_DB_MS / 1000})`);
    return query<T>(sql, params, prepared);
  };
  return (answer: string) => expect(answer.length).toBeLessThan(HEAVY_BYTES / 100);
}

describe('heavy calls in flight (PUCS_MAX_HEAVY)', () => {
  it.each([
    ['whose answers are big', bigAnswers] as const,
    // Only the embedded database's time is the server's own (server/db/clientGone.ts holdingDatabase).
    ...(process.env.DATABASE_URL ? [] : [['whose answers are small but whose statements hold the embedded database long', slowStatements] as const]),
  ])('lets a light call in while heavy ones (%s) run, makes a few wait their turn and refuses the rest 503 at once', async (_, makeHeavy) => {
    t = await createTestApp({ PUCS_MAX_HEAVY: '1' });
    const { cookie, teamId } = await adminWithTeam(t, 'heavy');
    const expectAnswer = await makeHeavy(t, teamId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (path: string) => fetch(`${address}${path}`, { headers: { cookie } });
    const whole = await get('/api/full/type');
    expect(whole.status).toBe(200);
    expectAnswer(await whole.text());

    releaseDatabase = (await holdDatabase(t)).release;
    const app = t;
    const waitingBefore = app.db.stats.waiting;
    // One heavy call runs (its statement waits for the held database), some wait their turn, two are one too many.
    const slots = 1;
    const calls = slots + slots * HEAVY_WAITING_PER_SLOT + 2;
    const answered: { status: number; retryAfter: string | null; body: string }[] = [];
    const heavy = Array.from({ length: calls }, () =>
      get('/api/full/type').then(async (res) => {
        const answer = { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
        answered.push(answer);
        return answer;
      }),
    );
    // Without the rule every one of them is let in and waits for the database: no answer comes.
    await until(() => answered.length >= 2 || app.db.stats.waiting >= waitingBefore + calls);
    expect(answered.map((a) => a.status), 'heavy calls beyond what the server can take were let in to wait instead of answered 503').toEqual([503, 503]);
    expect(answered[0].retryAfter).toBe('1');
    expect((JSON.parse(answered[0].body) as { Description: string }).Description).toBe(ownMessages.serverBusy);
    // A light call is let in and answered meanwhile (the session is known: it needs no statement).
    const light = await get('/api/current_user');
    expect(light.status).toBe(200);
    // Only the one with a slot has come to the database.
    await until(() => app.db.stats.waiting >= waitingBefore + slots);
    expect(app.db.stats.waiting).toBe(waitingBefore + slots);

    // Released: the running one and those that waited their turn are answered in full.
    await releaseDatabase?.();
    const statuses = (await Promise.all(heavy)).map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(calls - 2).fill(200), 503, 503]);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))("never holds or refuses a device's check-ins, even after slow ones", async () => {
    const app = await createTestApp({ PUCS_MAX_HEAVY: '1' });
    t = app;
    const owner = await adminWithTeam(app, 'devices');
    const d = await deviceWithKey(owner.client, owner.teamId);
    const query = app.db.query.bind(app.db);
    // Every statement of the first check-ins holds the embedded database HEAVY_DB_MS: were check-ins a shape like any, it would be heavy.
    let slow = true;
    app.db.query = async <T>(sql: string, params?: unknown[], prepared?: string) => {
      if (slow) await query(`SELECT pg_sleep(${HEAVY_DB_MS / 1000})`);
      return query<T>(sql, params, prepared);
    };
    for (let n = 0; n < 3; n++) await checkinOk(app.app, d, { config: { n } });
    slow = false;
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => postCheckin(app.app, d.token(), { config: { n } })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('never holds or refuses writes, even after slow ones', async () => {
    const app = await createTestApp({ PUCS_MAX_HEAVY: '1' });
    t = app;
    const { client, teamId } = await adminWithTeam(app, 'writes');
    const query = app.db.query.bind(app.db);
    // Every statement of the first writes holds the embedded database HEAVY_DB_MS: were writes heavy, the next ones at once would be held or refused.
    let slow = true;
    app.db.query = async <T>(sql: string, params?: unknown[], prepared?: string) => {
      if (slow) await query(`SELECT pg_sleep(${HEAVY_DB_MS / 1000})`);
      return query<T>(sql, params, prepared);
    };
    for (let n = 0; n < 3; n++) expect((await client.post('/api/type', { name: `slow ${n}`, team_id: teamId })).statusCode).toBe(201);
    slow = false;
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => client.post('/api/type', { name: `quick ${n}`, team_id: teamId })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
  });

  it('counts a heavy call as heavy whatever query parameters it adds that its route does not read', async () => {
    t = await createTestApp({ PUCS_MAX_HEAVY: '1' });
    const { cookie, teamId } = await adminWithTeam(t, 'heavy');
    const notes = 'n'.repeat(1000);
    const rows = Math.ceil((2 * HEAVY_BYTES) / notes.length);
    await t.db.query(`INSERT INTO type (name, team_id, notes) SELECT 'heavy ' || i, $1, $2 FROM generate_series(1, ${rows}) i`, [teamId, notes]);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (path: string) => fetch(`${address}${path}`, { headers: { cookie } });
    const whole = await get('/api/full/type');
    expect(whole.status).toBe(200);
    expect((await whole.text()).length).toBeGreaterThan(HEAVY_BYTES);

    releaseDatabase = (await holdDatabase(t)).release;
    const app = t;
    const waitingBefore = app.db.stats.waiting;
    const calls = 1 + HEAVY_WAITING_PER_SLOT + 2;
    const answered: number[] = [];
    // Each call names a parameter of its own, which the route ignores: the same work as the bare call.
    const heavy = Array.from({ length: calls }, (_, i) =>
      get(`/api/full/type?unread${i}=1`).then(async (res) => {
        // Read whole: an answer left unread holds its connection, and the server's close waits for it.
        await res.arrayBuffer();
        answered.push(res.status);
        return res.status;
      }),
    );
    await until(() => answered.length >= 2 || app.db.stats.waiting >= waitingBefore + calls);
    expect(answered, 'a heavy call with an unread query parameter was taken for a new, light kind of call').toEqual([503, 503]);
    await releaseDatabase?.();
    expect((await Promise.all(heavy)).sort()).toEqual([...Array(calls - 2).fill(200), 503, 503]);
  });
  it('counts a HEAD of a heavy call as heavy: it does the same work, only its body is not sent', async () => {
    t = await createTestApp({ PUCS_MAX_HEAVY: '1' });
    const { cookie, teamId } = await adminWithTeam(t, 'heavy');
    const expectAnswer = await bigAnswers(t, teamId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const whole = await fetch(`${address}/api/full/type`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    expectAnswer(await whole.text());

    releaseDatabase = (await holdDatabase(t)).release;
    const app = t;
    const waitingBefore = app.db.stats.waiting;
    const calls = 1 + HEAVY_WAITING_PER_SLOT + 2;
    const answered: number[] = [];
    const heavy = Array.from({ length: calls }, () =>
      fetch(`${address}/api/full/type`, { method: 'HEAD', headers: { cookie } }).then(async (res) => {
        await res.arrayBuffer();
        answered.push(res.status);
        return res.status;
      }),
    );
    await until(() => answered.length >= 2 || app.db.stats.waiting >= waitingBefore + calls);
    expect(answered, 'HEAD calls of a heavy list were let in unbounded').toEqual([503, 503]);
    await releaseDatabase?.();
    expect((await Promise.all(heavy)).sort()).toEqual([...Array(calls - 2).fill(200), 503, 503]);
  });
  it("lets another user's heavy call wait its turn while one user holds every place: that user's newest waiting call is refused instead", async () => {
    t = await createTestApp({ PUCS_MAX_HEAVY: '1' });
    const hog = await adminWithTeam(t, 'hog');
    const other = await adminWithTeam(t, 'other');
    const expectAnswer = await bigAnswers(t, hog.teamId);
    await bigAnswers(t, other.teamId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (cookie: string) =>
      fetch(`${address}/api/full/type`, { headers: { cookie } }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    const whole = await fetch(`${address}/api/full/type`, { headers: { cookie: hog.cookie } });
    expectAnswer(await whole.text());
    expect(await get(other.cookie)).toBe(200);

    releaseDatabase = (await holdDatabase(t)).release;
    const app = t;
    const waitingBefore = app.db.stats.waiting;
    // One user takes the slot (its call waits for the held database) and every place in the line, and one more is refused.
    const hogs: { status?: number }[] = Array.from({ length: 2 + HEAVY_WAITING_PER_SLOT }, () => ({}));
    const hogCalls = hogs.map((h) => get(hog.cookie).then((status) => (h.status = status)));
    const refused = () => hogs.filter((h) => h.status === 503).length;
    await until(() => refused() === 1 && app.db.stats.waiting >= waitingBefore + 1);
    // Another user's call: it waits its turn instead of being refused; a waiting call of the first user is refused for it.
    let otherStatus: number | undefined;
    const otherCall = get(other.cookie).then((status) => (otherStatus = status));
    await until(() => refused() === 2 || otherStatus !== undefined);
    expect(otherStatus, "another user's heavy call was refused while one user held every place").toBeUndefined();
    expect(hogs.filter((h) => h.status === undefined)).toHaveLength(2);
    await releaseDatabase?.();
    expect(await otherCall).toBe(200);
    expect((await Promise.all(hogCalls)).sort()).toEqual([200, 200, 503, 503]);
  });
});
