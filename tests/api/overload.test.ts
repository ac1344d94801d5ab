/**
 * Overload (issue 12 item 5): a whole list is cut at PUCS_MAX_LIST and says so in its Content-Range;
 * beyond PUCS_MAX_INFLIGHT requests in flight the next answers 503 with Retry-After at once; a
 * request whose client has gone before its statements' turn runs none of them.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, description, type TestApp } from './helpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Waits (a turn of the event loop at a time, no clock) until `cond` holds. */
async function until(cond: () => boolean | Promise<boolean>) {
  while (!(await cond())) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Holds every connection of the database so that requests' statements wait for their turn: PGlite
 * runs one statement at a time, so one transaction left open holds every other; the PostgreSQL
 * pool has 10 connections (server/db/database.ts).
 */
async function holdDatabase(app: TestApp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holders = app.db.kind === 'pglite' ? 1 : 10;
  const started = app.db.stats.started;
  const done = Array.from({ length: holders }, () => app.db.transaction(() => gate));
  await until(() => app.db.stats.started >= started + holders);
  return {
    release: async () => {
      release();
      await Promise.all(done);
    },
  };
}

describe('the cap of a whole list (PUCS_MAX_LIST)', () => {
  it('answers at most the cap without a range, with a Content-Range that shows the cut; a range and the CSV export are not cut', async () => {
    t = await createTestApp({ PUCS_MAX_LIST: '5' });
    const { client, teamId } = await adminWithTeam(t, 'capper');
    for (let i = 0; i < 7; i++) expect((await client.post('/api/type', { name: `type ${i}`, team_id: teamId })).statusCode).toBe(201);
    const small = await adminWithTeam(t, 'small');
    for (let i = 0; i < 3; i++) expect((await small.client.post('/api/type', { name: `small ${i}`, team_id: small.teamId })).statusCode).toBe(201);

    // The spec's picker call and the full list: the first 5 by id, and the total.
    for (const url of ['/api/type?fields=id,name,team_id', '/api/full/type']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      const list = (res.json() as { json_list: { name: string }[] }).json_list;
      expect(list.map((r) => r.name)).toEqual(['type 0', 'type 1', 'type 2', 'type 3', 'type 4']);
      expect(res.headers['content-range']).toBe('type 0-4/7');
    }
    // The list dialect without a range (getMany's form) is cut the same way.
    const dialect = await client.get(`/api/full/type?filter=${encodeURIComponent('{}')}`);
    expect((dialect.json() as unknown[]).length).toBe(5);
    expect(dialect.headers['content-range']).toBe('type 0-4/7');
    // A filter's total is of what it matches.
    const filtered = await client.get(`/api/type?fields=id,name&filter=${encodeURIComponent('{"q":"type"}')}`);
    expect(filtered.headers['content-range']).toBe('type 0-4/7');
    // A page asked for is not cut by the cap.
    const page = await client.get(`/api/full/type?range=${encodeURIComponent('[0,9]')}`);
    expect((page.json() as unknown[]).length).toBe(7);
    expect(page.headers['content-range']).toBe('type 0-6/7');
    // A list under the cap is answered whole, as before (the existing names of a small team).
    const names = await small.client.get('/api/type?fields=name,team_id');
    expect((names.json() as { json_list: unknown[] }).json_list).toHaveLength(3);
    expect(names.headers['content-range']).toBeUndefined();
    // The export streams every row.
    const csv = await client.get('/api/download/csv_export/type');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 7);
  });
});

describe('load shedding (PUCS_MAX_INFLIGHT)', () => {
  it('answers 503 with Retry-After and a Description beyond the limit, at once, and 200 again once the requests in flight are answered', async () => {
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '2' });
    const { client, teamId } = await adminWithTeam(t, 'busy');
    expect((await client.post('/api/type', { name: 'held', team_id: teamId })).statusCode).toBe(201);
    const held = await holdDatabase(t);
    const first = client.get('/api/type?fields=id,name');
    const second = client.get('/api/full/type');
    // Both in flight: their statements wait for their turn.
    const app = t;
    await until(() => app.db.stats.waiting >= 2);

    const refused = await client.get('/api/type?fields=id,name');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(description(refused)).toBe(ownMessages.serverBusy);
    // The console's pages are not refused.
    const page = await t.app.inject({ method: 'GET', url: '/devices' });
    expect(page.headers['retry-after']).toBeUndefined();

    await held.release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    const after = await client.get('/api/type?fields=id,name');
    expect(after.statusCode).toBe(200);
    expect((after.json() as { json_list: unknown[] }).json_list).toHaveLength(1);
  });
});

describe('a request whose client has gone', () => {
  it('runs none of its statements when its client left while it waited for the database: an aborted create creates nothing', async () => {
    // One request in flight at most: once the server has seen the client leave, another is let in.
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '1' });
    const { client, cookie, teamId } = await adminWithTeam(t, 'leaver');
    expect((await client.get('/api/current_user')).statusCode).toBe(200); // the session is known: reading it costs no statement
    // A real connection that the client closes (inject cannot leave once the body is sent).
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const held = await holdDatabase(t);
    const { started, skipped } = t.db.stats;

    const { hostname, port } = new URL(address);
    const call = request({ hostname, port, method: 'POST', path: '/api/type', headers: { ...CSRF_HEADER, cookie, 'content-type': 'application/json' } });
    call.on('error', () => {});
    call.end(JSON.stringify({ name: 'never', team_id: teamId }));
    const app = t;
    await until(() => app.db.stats.waiting > 0);
    expect((await client.get('/api/current_user')).statusCode).toBe(503);
    call.destroy();
    await until(async () => (await client.get('/api/current_user')).statusCode === 200);

    await held.release();
    await until(() => app.db.stats.waiting === 0);
    expect(t.db.stats.skipped).toBe(skipped + 1);
    expect(t.db.stats.started).toBe(started);
    const list = await client.get('/api/type?fields=name');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { json_list: unknown[] }).json_list).toEqual([]);
  });
});
