/**
 * Review of issue 12 (task 14): defects found in the change, each a test that fails today.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createUser, ROLE, signIn, type Client, type TestApp, createTestApp } from './helpers';
import { PAIR_FAILURES } from '../../server/auth/signInLimits';
import { INVITATIONS_PER_HOUR } from '../../server/categories/role';
import { ownMessages } from '../../src/messages';
import { ensureSupportUser } from '../../server/claim/supportUser';
import { startupProblems } from '../../server/runtime/startupChecks';
import { readConfig } from '../../server/config';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let captain: Client;
let captainTeam: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'rv_captain');
  captain = a.client;
  captainTeam = a.teamId;
});
afterAll(() => t.close());

describe('item 2: a user sees the usernames of members of their own teams only', () => {
  it('a former member, sharing no team now, is not named through an object they authored', async () => {
    const formerId = await createUser(t.db, 'rv_former_member', PASSWORD);
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [captainTeam, formerId, ROLE.ADMIN]);
    const former = api(t.app, await signIn(t.app, 'rv_former_member', PASSWORD));
    const type = (await former.post('/api/type', { name: 'rv type', team_id: captainTeam })).json() as { id: number };
    await t.db.query('DELETE FROM role WHERE user_id = $1', [formerId]);
    // The captain no longer sees the former member as a user...
    expect((await captain.get(`/api/user/${formerId}`)).statusCode).toBe(404);
    // ... nor should their name show through the type's author.
    const res = await captain.get(`/api/type/${type.id}?fields=id,user(username,id)`);
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).not.toContain('rv_former_member');
  });
});

describe('item 2: the user list cannot be harvested', () => {
  it('renaming oneself is not an unlimited oracle of which usernames exist', async () => {
    const names = Array.from({ length: INVITATIONS_PER_HOUR + 10 }, (_, i) => `rv_target_${i}`);
    for (const name of names) await createUser(t.db, name, PASSWORD);
    const proberId = await createUser(t.db, 'rv_prober', PASSWORD);
    const prober = api(t.app, await signIn(t.app, 'rv_prober', PASSWORD));
    let told = 0;
    for (const name of names) {
      const res = await prober.put(`/api/user/${proberId}`, { username: name });
      if ((res.json() as { Description?: string }).Description === ownMessages.usernameTaken(name)) told++;
    }
    // Adding members by username tells at most INVITATIONS_PER_HOUR names an hour; a rename tells as many as asked.
    expect(told).toBeLessThanOrEqual(INVITATIONS_PER_HOUR);
  });
});

describe('item 1: never refuse the right password because of someone else failures', () => {
  const login = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-requested-with': 'pucs' }, payload: { username, password } });

  it('a stranger behind the same NAT (or a proxy without PUCS_TRUST_PROXY) does not lock out a user who signed in from there before', async () => {
    await createUser(t.db, 'rv_office', PASSWORD);
    const nat = '10.71.0.1';
    expect((await login(nat, 'rv_office', PASSWORD)).statusCode).toBe(204);
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await login(nat, 'rv_office', `wrong ${i}`)).statusCode).toBe(401);
    // The owner, at the desk behind the same NAT, with the right password:
    expect((await login(nat, 'rv_office', PASSWORD)).statusCode).toBe(204);
  });
});

describe('item 2: look-alike usernames and the support user', () => {
  it("a PUCS_SUPPORT_USER whose look-alike is already a user does not stop the start with the database's unique violation", async () => {
    await createUser(t.db, 'RV_HelpDesk', PASSWORD);
    // server/start.ts runs this at every start (and the claim flow at 'add support user').
    const err = await ensureSupportUser(t.db, 'rv_helpdesk').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as { code?: string } | undefined)?.code).not.toBe('23505');
  });
});

describe('item 5: the new settings are checked at start like the others', () => {
  it('a mistyped PUCS_MAX_LIST, PUCS_MAX_INFLIGHT or PUCS_MAX_LAG_MS stops the start with one clear line', () => {
    for (const name of ['PUCS_MAX_LIST', 'PUCS_MAX_INFLIGHT', 'PUCS_MAX_LAG_MS']) {
      expect(startupProblems(readConfig({ [name]: '10k' })).join('\n')).toContain(name);
    }
  });

  // Decided (fix round 14): a mistyped cap is refused at start (server/runtime/startupChecks.ts), so no
  // server ever answers a whole list with it; the real start is run to see that it stops, before serving.
  it('rather than refusing every whole list with a 400 that blames the request', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: { ...process.env, NODE_ENV: 'test', PUCS_MAX_LIST: '10k', PUCS_DATA_DIR: '/nonexistent/pucs-data' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(ownMessages.invalidSetting('PUCS_MAX_LIST', 'NaN'));
    expect(r.stdout).toBe('');
  });
});

describe('item 5: the list cap holds for the rows an answer carries in its reverse lists', () => {
  it('GET /api/type?fields=id,device(id) does not answer more devices than PUCS_MAX_LIST without saying so', async () => {
    const capped = await createTestApp({ PUCS_MAX_LIST: '2' });
    try {
      const { client, teamId } = await adminWithTeam(capped, 'rv_capped');
      const type = (await client.post('/api/type', { name: 'rv capped type', team_id: teamId })).json() as { id: number };
      for (let i = 0; i < 3; i++) {
        expect((await client.post('/api/device', { name: `rv capped ${i}`, team_id: teamId, type_id: type.id, uid_for_type: `RV-CAP-${i}` })).statusCode).toBe(201);
      }
      // The device list itself is cut at 2 and says so...
      const devices = await client.get('/api/device?fields=id');
      expect((devices.json() as { json_list: unknown[] }).json_list).toHaveLength(2);
      expect(devices.headers['content-range']).toBe('device 0-1/3');
      // ... but the same devices come whole, uncut and unsaid, inside a list of types.
      const res = await client.get('/api/type?fields=id,device(id)');
      const nested = (res.json() as { json_list: { device: unknown[] }[] }).json_list[0].device;
      expect(nested.length <= 2 || res.statusCode === 400).toBe(true);
    } finally {
      await capped.close();
    }
  });
});
