/**
 * Attack on issue 12's change (task 14): each test is a defect confirmed against the real app and
 * fails until it is fixed.
 */
import { spawnSync } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, createUser, signIn, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Up to `turns` turns of the event loop (no clock) until `cond` holds; answers whether it did. */
async function within(turns: number, cond: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < turns; i++) {
    if (await cond()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return cond();
}

describe('503 shedding abuse', () => {
  it('an outsider holding PUCS_MAX_INFLIGHT sign-ins with unfinished bodies does not keep signed-in users out', async () => {
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '4' });
    const { client } = await adminWithTeam(t, 'atk14_busy_victim');
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
});

describe('sign-in lockout by strangers', () => {
  const login = (app: TestApp, remoteAddress: string, username: string, password: string) =>
    app.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-requested-with': 'pucs' }, payload: { username, password } });

  it("a stranger behind the same address (one NAT, or a proxy without PUCS_TRUST_PROXY) cannot refuse a user's right password at an address they signed in from before", async () => {
    t = await createTestApp();
    await createUser(t.db, 'atk14_nat_victim', 'victim password 14');
    // The victim signs in from the office's one public address: a known pair from now on.
    expect((await login(t, '10.14.0.1', 'atk14_nat_victim', 'victim password 14')).statusCode).toBe(204);
    // A stranger behind the same address types 10 wrong passwords for the victim's name.
    for (let i = 0; i < 10; i++) expect((await login(t, '10.14.0.1', 'atk14_nat_victim', `guess ${i}`)).statusCode).toBe(401);
    // The victim's right password, from the address they always sign in from: refused 429 for 15 minutes.
    expect((await login(t, '10.14.0.1', 'atk14_nat_victim', 'victim password 14')).statusCode).toBe(204);
  });
});

describe('password rules bypass', () => {
  it('a common password padded with spaces to the length, or only spaces, is refused like the common password itself', async () => {
    t = await createTestApp();
    const { client, userId, password } = await adminWithTeam(t, 'atk14_padder');
    // 'password1234' is refused as common; 'password' and four spaces, or twelve spaces, are taken today.
    for (const weak of ['password    ', '            ', '  qwerty    ']) {
      const res = await client.put(`/api/user/${userId}`, { password: weak, current_password: password });
      expect(res.statusCode, `new password ${JSON.stringify(weak)}: ${res.body}`).toBe(400);
    }
  });
});

describe('names with confusables', () => {
  it("a type named with a Cherokee letter that reads as a Latin one ('Ꮃidget' beside 'Widget') is refused as not unique", async () => {
    t = await createTestApp();
    const { client, teamId } = await adminWithTeam(t, 'atk14_namer');
    expect((await client.post('/api/type', { name: 'Widget', team_id: teamId })).statusCode).toBe(201);
    // 'Wіdget' (Cyrillic і) is refused today; U+13B3 CHEROKEE LETTER LA (Ꮃ, confusable with W in Unicode's list) is not.
    const res = await client.post('/api/type', { name: '\u13b3idget', team_id: teamId });
    expect(res.statusCode, res.body).toBe(409);
  });
});

describe('sign-in limits and spellings of a name', () => {
  const login = (app: TestApp, remoteAddress: string, username: string, password: string) =>
    app.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-requested-with': 'pucs' }, payload: { username, password } });

  it("a spelling the database lowercases to the name ('İ' for 'i', PostgreSQL) is not a fresh count for a guesser the pair limit stopped", async () => {
    t = await createTestApp();
    await createUser(t.db, 'atk14_iris', 'iris password 14');
    for (let i = 0; i < 10; i++) expect((await login(t, '10.14.1.1', 'atk14_iris', `guess ${i}`)).statusCode).toBe(401);
    expect((await login(t, '10.14.1.1', 'atk14_iris', 'iris password 14')).statusCode).toBe(429);
    // The limits key the account by JavaScript's toLowerCase ('i̇' for 'İ'), the look-up by SQL lower() ('i' on
    // PostgreSQL): the guesser starts again at 0 and the right password signs in past the limit.
    expect((await login(t, '10.14.1.1', 'atk14_\u0130ris', 'iris password 14')).statusCode).not.toBe(204);
  });
});

describe('usernames that look alike', () => {
  it("a user cannot rename themself to a teammate's name with capital I for l ('bIake14' beside 'blake14')", async () => {
    t = await createTestApp();
    const blake = await adminWithTeam(t, 'blake14');
    const malloryId = await createUser(t.db, 'mallory14', 'mallory password 14');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, 1)', [blake.teamId, malloryId]);
    const mallory = api(t.app, await signIn(t.app, 'mallory14', 'mallory password 14'));
    // 'b1ake14' is refused today (1 folds to l); capital I, which most sans-serif fonts draw as l, is not.
    expect((await mallory.put(`/api/user/${malloryId}`, { username: 'b1ake14' })).statusCode).toBe(409);
    const res = await mallory.put(`/api/user/${malloryId}`, { username: 'bIake14' });
    expect(res.statusCode, res.body).toBe(409);
  });
});

describe('usernames of users who share no team', () => {
  it("a former member's username is not read through the author of what they made, as GET /api/user/{id} already hides it", async () => {
    t = await createTestApp();
    const alice = await adminWithTeam(t, 'atk14_alice');
    const formerId = await createUser(t.db, 'atk14_former', 'former password 14');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, 3)', [alice.teamId, formerId]);
    const former = api(t.app, await signIn(t.app, 'atk14_former', 'former password 14'));
    expect((await former.post('/api/type', { name: 'made by former', team_id: alice.teamId })).statusCode).toBe(201);
    const roles = (await alice.client.get('/api/role?fields=id,user_id')).json() as { json_list: { id: number; user_id: number }[] };
    expect((await alice.client.del(`/api/role/${roles.json_list.find((r) => r.user_id === formerId)!.id}`)).statusCode).toBe(200);
    // They share no team now: the user is unknown to alice...
    expect((await alice.client.get(`/api/user/${formerId}`)).statusCode).toBe(404);
    // ... but their username is answered as the author of the type (the same holds for an object moved from another team).
    const full = await alice.client.get('/api/full/type');
    expect(full.body).not.toContain('atk14_former');
  });
});

describe('503 shedding abuse through the sign-in delay', () => {
  it("wrong passwords waiting out an account's delay do not take the places of other users' calls", async () => {
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '4' });
    const app = t;
    const { client } = await adminWithTeam(t, 'atk14_delay_user');
    await createUser(t.db, 'atk14_delayed', 'delayed password 14');
    const guess = (address: string) =>
      app.app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, headers: { 'x-requested-with': 'pucs' }, payload: { username: 'atk14_delayed', password: 'guess' } });
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

describe('list cap configuration', () => {
  // Decided (fix round 14): such a value is refused at start (server/runtime/startupChecks.ts) with one
  // line, before anything is opened or served; the real start is run to see it.
  it("a PUCS_MAX_LIST that is not a positive whole number ('10 000', '0') is refused at start or ignored, never breaks every list", () => {
    for (const [value, shown] of [['10 000', 'NaN'], ['0', '0']]) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
        env: { ...process.env, NODE_ENV: 'test', PUCS_MAX_LIST: value, PUCS_DATA_DIR: '/nonexistent/pucs-data' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status, `PUCS_MAX_LIST=${value}: ${r.stderr}`).toBe(1);
      expect(r.stderr.trim()).toBe(ownMessages.invalidSetting('PUCS_MAX_LIST', shown));
      expect(r.stdout).toBe('');
    }
  }, 60_000); // two starts of the real server
});
