/**
 * Overload (issue 12 item 5): a whole list is cut at PUCS_MAX_LIST and says so in its Content-Range;
 * beyond PUCS_MAX_INFLIGHT requests in flight the next answers 503 with Retry-After at once; a
 * request whose client has gone before its statements' turn runs none of them.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, createUser, description, type TestApp } from './helpers';
import { holdDatabase, until } from './databaseHold';
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { readConfig } from '../../server/config';
import { startupProblems } from '../../server/runtime/startupChecks';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

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

/** Up to `turns` turns of the event loop (no clock) until `cond` holds; answers whether it did. */
async function within(turns: number, cond: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < turns; i++) {
    if (await cond()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return cond();
}

describe('PUCS_MAX_INFLIGHT against callers who hold their place', () => {
  it('an outsider holding PUCS_MAX_INFLIGHT sign-ins with unfinished bodies does not keep signed-in users out', async () => {
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '4' });
    const { client } = await adminWithTeam(t, 'busy_user');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port } = new URL(address);
    // The server has read a request's head once its 'request' event is emitted.
    let heads = 0;
    t.app.server.on('request', () => heads++);
    // No session, no CPU: each connection sends the head of a sign-in and one byte of its body, then waits.
    const sockets: Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const s = connect(Number(port), hostname);
      s.on('error', () => {});
      s.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nX-Requested-With: pucs\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      sockets.push(s);
    }
    try {
      // Once the server has read those heads, a signed-in user's call is refused 503 for as long as the outsider likes.
      expect(await within(20_000, () => heads >= 4)).toBe(true);
      const shed = await within(50, async () => (await client.get('/api/current_user')).statusCode === 503);
      expect(shed, 'signed-in user was refused 503 while an outsider dribbled 4 sign-in bodies').toBe(false);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });

  it("wrong passwords waiting out an account's delay do not take the places of other users' calls", async () => {
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '4' });
    const app = t;
    const { client } = await adminWithTeam(t, 'delay_user');
    await createUser(t.db, 'delayed', 'delayed password 1');
    const guess = (address: string) =>
      app.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, headers: { ...CSRF_HEADER }, payload: { username: 'delayed', password: 'guess' } });
    for (let i = 0; i < 10; i++) expect((await guess(`10.14.2.${i + 1}`)).statusCode).toBe(401);
    // Four more wrong passwords from anywhere: each waits 1 to 8 s, counted in flight all that time.
    let answered = 0;
    const waiting = Array.from({ length: 4 }, (_, i) =>
      guess(`10.14.3.${i + 1}`).then((r) => {
        answered++;
        return r;
      }),
    );
    // While their passwords are checked they are work like any other call; once they only wait out
    // the delay they hold no place: a signed-in user's call is answered before any of them is.
    let probe = await client.get('/api/current_user');
    while (probe.statusCode === 503) {
      await new Promise((resolve) => setImmediate(resolve));
      probe = await client.get('/api/current_user');
    }
    expect(probe.statusCode).toBe(200);
    expect(answered, 'a signed-in user was refused 503 until the wrong sign-ins had waited out their delay').toBe(0);
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([401, 401, 401, 401]);
  });
});

describe('the overload settings, checked at start like the others', () => {
  it('a mistyped PUCS_MAX_LIST, PUCS_MAX_INFLIGHT, PUCS_MAX_LAG_MS or PUCS_MAX_HEAVY stops the start with one clear line', () => {
    for (const name of ['PUCS_MAX_LIST', 'PUCS_MAX_INFLIGHT', 'PUCS_MAX_LAG_MS', 'PUCS_MAX_HEAVY']) {
      expect(startupProblems(readConfig({ [name]: '10k' })).join('\n')).toContain(name);
    }
  });

  // Refused at start (server/runtime/startupChecks.ts), before anything is opened or served, rather than
  // refusing every whole list with a 400 that blames the request; the real start is run to see it.
  it("a PUCS_MAX_LIST that is not a positive whole number ('10k', '10 000', '0') stops the real start with one line", () => {
    for (const [value, shown] of [['10k', 'NaN'], ['10 000', 'NaN'], ['0', '0']]) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        env: { ...process.env, NODE_ENV: 'test', PUCS_MAX_LIST: value, PUCS_DATA_DIR: '/nonexistent/pucs-data' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status, `PUCS_MAX_LIST=${value}: ${r.stderr}`).toBe(1);
      expect(r.stderr.trim()).toBe(ownMessages.invalidSetting('PUCS_MAX_LIST', shown));
      expect(r.stdout).toBe('');
    }
  }, 60_000); // three starts of the real server
});

describe('the list cap in the reverse lists an answer carries', () => {
  it('GET /api/type?fields=id,device(id) does not answer more devices than PUCS_MAX_EMBEDDED_LIST without saying so', async () => {
    const capped = await createTestApp({ PUCS_MAX_LIST: '2', PUCS_MAX_EMBEDDED_LIST: '2' });
    try {
      const { client, teamId } = await adminWithTeam(capped, 'capped');
      const type = (await client.post('/api/type', { name: 'capped type', team_id: teamId })).json() as { id: number };
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/api/device', { name: `capped ${i}`, team_id: teamId, type_id: type.id, uid_for_type: `CAP-${i}` })).statusCode).toBe(201);
      }
      // The device list itself is cut at 2 and says so...
      const devices = await client.get('/api/device?fields=id');
      expect((devices.json() as { json_list: unknown[] }).json_list).toHaveLength(2);
      expect(devices.headers['content-range']).toBe('device 0-1/3');
      // ... and so are the same devices inside a list of types (tests/api/embeddedListBound.test.ts).
      const res = await client.get('/api/type?fields=id,device(id)');
      const [nested] = (res.json() as { json_list: { device: unknown[]; device_total: number }[] }).json_list;
      expect(nested.device).toHaveLength(2);
      expect(nested.device_total).toBe(3);
    } finally {
      await capped.close();
    }
  });
});
