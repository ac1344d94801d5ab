/**
 * Attacks on the scale work of issue 11: the in-memory sessions and list totals must never
 * outlive the change that makes them wrong, whichever way it is made (the API, a cascade, a
 * shell's SQL), the pages of several teams merged team by team must be the same list as one
 * scan would give, and a demo fleet must grow over whatever users did to it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createTeam, createTestApp, createUser, memberOf, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { openDatabase, type Database } from '../../server/db/database';
import { MERGED_TEAMS_MAX, scanVisible } from '../../server/crud/listPage';
import type { SessionUser } from '../../server/auth/sessionUser';
import { seedDemo } from '../../server/demo/seed';
import { DEMO_TEAMS } from '../../server/demo/fleet';
import { SESSION_CACHE_BYTES } from '../../server/auth/sessionCache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const teamsOf = async (client: Client) => (await client.get('/api/current_user')).json().teams as { id: number }[];
const teamIds = async (client: Client) => (await teamsOf(client)).map((team) => team.id);

/** The Content-Range total of a one-object page of devices matching `filter`. */
async function total(client: Client, filter: Record<string, unknown> = {}): Promise<number> {
  const res = await client.get(`/api/full/device?fields=id&range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(res.statusCode, res.body).toBe(200);
  return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1]);
}

/** Another connection to the test's database, as a shell or another server has; on PGlite the same one. */
async function elsewhere<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = t.url ? await openDatabase({ url: t.url }) : t.db;
  try {
    return await fn(db);
  } finally {
    if (db !== t.db) await db.close();
  }
}

describe('a cached session after a change through the API', () => {
  it('loses a deleted team, a role moved to another team, and a deleted user', async () => {
    const admin = await adminWithTeam(t, 'atk_admin');
    const second = await createOk(admin.client, 'team', { name: 'atk_second' });
    const third = await createOk(admin.client, 'team', { name: 'atk_third' });
    const memberId = await createUser(t.db, 'atk_member', PASSWORD);
    const member = api(t.app, await signIn(t.app, 'atk_member', PASSWORD));
    const inFirst = (await admin.client.post('/api/role', { team_id: admin.teamId, username: 'atk_member', role_id: ROLE.USER })).json();
    await createOk(admin.client, 'role', { team_id: second.id, user_id: memberId, role_id: ROLE.USER });
    const secret = await createOk(admin.client, 'type', { name: 'atk secret', team_id: admin.teamId });
    expect(await teamIds(member)).toHaveLength(2);
    expect((await member.get(`/api/type/${String(secret.id)}`)).statusCode).toBe(200);

    // DELETE team cascades to its roles.
    expect((await admin.client.del(`/api/team/${String(second.id)}`)).statusCode).toBe(200);
    expect(await teamIds(member)).toEqual([admin.teamId]);

    // The member's role moved out of the first team into the third.
    expect((await admin.client.put(`/api/role/${String(inFirst.id)}`, { team_id: third.id })).statusCode).toBe(200);
    expect(await teamIds(member)).toEqual([third.id]);
    expect((await member.get(`/api/type/${String(secret.id)}`)).statusCode).toBe(404);

    await createUser(t.db, 'atk_root', PASSWORD, { serverAdmin: true });
    const root = api(t.app, await signIn(t.app, 'atk_root', PASSWORD));
    expect((await root.del(`/api/user/${memberId}`)).statusCode).toBe(200);
    expect((await member.get('/api/type')).statusCode).toBe(401);
  });

  it('never keeps a profile read while a role change was committed', async () => {
    const admin = await adminWithTeam(t, 'atk_racer');
    await createUser(t.db, 'atk_raced', PASSWORD);
    const role = (await admin.client.post('/api/role', { team_id: admin.teamId, username: 'atk_raced', role_id: ROLE.USER })).json();
    for (const roleId of [ROLE.ADMIN, ROLE.USER, ROLE.TEAMLEADER, ROLE.ADMIN]) {
      // A fresh session: its first request misses the cache and reads while the role changes.
      const member = api(t.app, await signIn(t.app, 'atk_raced', PASSWORD));
      await Promise.all([member.get('/api/current_user'), admin.client.put(`/api/role/${String(role.id)}`, { role_id: roleId })]);
      expect((await teamsOf(member))[0]).toMatchObject({ id: admin.teamId, role_id: roleId });
    }
  });
});

describe('the cached sessions', () => {
  it('hold a bounded memory however many sessions a user with big preferences opens', async () => {
    const a = await adminWithTeam(t, 'atk_hoarder');
    // Preferences are any JSON up to the body limit: here 1.5 MB, 40 sessions, 60 MB if each kept its copy.
    expect((await a.client.put(`/api/user/${a.userId}`, { preferences: { notes: 'x'.repeat(1_500_000) } })).statusCode).toBe(200);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 40; i++) {
      const session = api(t.app, await signIn(t.app, 'atk_hoarder', a.password));
      expect((await session.get('/api/current_user')).json().preferences.notes).toHaveLength(1_500_000);
    }
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(SESSION_CACHE_BYTES);
  });
});

describe('a cached session after a change made straight in the database', () => {
  it('ends when its session is expired by an UPDATE', async () => {
    const a = await adminWithTeam(t, 'atk_expired');
    expect((await a.client.get('/api/type')).statusCode).toBe(200);
    await elsewhere((db) => db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [a.userId]));
    await expect.poll(async () => (await a.client.get('/api/type')).statusCode).toBe(401);
  });
});

describe('list totals', () => {
  it('follow a group deleted (device.group_id set NULL by the foreign key), by either filter dialect', async () => {
    const a = await adminWithTeam(t, 'atk_counts');
    const type = await createOk(a.client, 'type', { name: 'atk type', team_id: a.teamId });
    const group = await createOk(a.client, 'devices_group', { name: 'atk group', team_id: a.teamId, type_id: type.id });
    for (let i = 0; i < 4; i++) {
      await createOk(a.client, 'device', { name: `atk ${i}`, team_id: a.teamId, type_id: type.id, uid_for_type: `atk-${i}`, group_id: i < 3 ? group.id : null });
    }
    expect([await total(a.client, { group_id: group.id }), await total(a.client, { group_id: null })]).toEqual([3, 1]);
    const plain = async () => (await a.client.get(`/api/full/device?fields=id&range=[0,0]&group_id=${String(group.id)}`)).headers['content-range'];
    expect(await plain()).toBe('device 0-0/3');

    expect((await a.client.del(`/api/devices_group/${String(group.id)}`)).statusCode).toBe(200);
    expect([await total(a.client, { group_id: group.id }), await total(a.client, { group_id: null })]).toEqual([0, 4]);
    expect(await plain()).toBe('device */0');
  });
});

describe('the page of several teams, merged team by team', () => {
  let member: Client;
  let memberId: number;
  let memberTeams: number[];
  beforeAll(async () => {
    const a = await adminWithTeam(t, 'atk_merge');
    const teams = [a.teamId, (await createOk(a.client, 'team', { name: 'atk_merge_2' })).id, (await createOk(a.client, 'team', { name: 'atk_merge_3' })).id];
    for (const [n, team] of teams.entries()) {
      const type = await createOk(a.client, 'type', { name: 'merged', team_id: team });
      const group = await createOk(a.client, 'devices_group', { name: 'g', team_id: team, type_id: type.id });
      for (let i = 0; i < 5; i++) {
        // Names that tie case-insensitively across teams, and groups that are NULL on some rows.
        const name = `${(i + n) % 2 === 0 ? 'Dev' : 'dev'} ${i}`;
        await createOk(a.client, 'device', { name, team_id: team, type_id: type.id, uid_for_type: `m${n}-${i}`, group_id: (i + n) % 3 === 0 ? null : group.id });
      }
    }
    member = await memberOf(t, 'atk_merge_member', teams as number[], ROLE.USER);
    memberId = (await member.get('/api/current_user')).json().id;
    memberTeams = teams as number[];
  });

  const ids = async (query: string) => {
    const res = await member.get(`/api/full/device?fields=id,name,group_id&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json() as { id: number }[]).map((d) => d.id), range: res.headers['content-range'] };
  };

  for (const sort of [['group_id', 'DESC'], ['group_id', 'ASC'], ['name', 'ASC'], ['name', 'DESC'], ['id', 'DESC'], ['id', 'ASC']]) {
    it(`the CSV export's keyset scan, sorted by ${sort.join(' ')} in chunks of 2, is the whole list in order`, async () => {
      const s = encodeURIComponent(JSON.stringify(sort));
      const whole = (await ids(`sort=${s}&filter=${encodeURIComponent('{}')}`)).ids;
      const device = t.app.registry.get('device');
      const user: SessionUser = { id: memberId, username: 'atk_merge_member', isServerAdmin: false, roles: new Map(memberTeams.map((team) => [team, ROLE.USER])) };
      const scanned: number[] = [];
      for await (const rows of scanVisible(t.db, user, device, ['id', 'name', 'group_id'], [], { column: sort[0], descending: sort[1] === 'DESC' }, 2)) {
        scanned.push(...rows.map((r) => r.id as number));
      }
      expect(scanned).toEqual(whole);
    });
  }

  for (const sort of [['group_id', 'DESC'], ['group_id', 'ASC'], ['name', 'ASC'], ['name', 'DESC'], ['id', 'DESC']]) {
    it(`pages sorted by ${sort.join(' ')} are the slices of the whole list, without duplicates or gaps`, async () => {
      const s = encodeURIComponent(JSON.stringify(sort));
      // Without a range the list is one scan of every visible row.
      const whole = (await ids(`sort=${s}&filter=${encodeURIComponent('{}')}`)).ids;
      expect(whole).toHaveLength(15);
      const paged: number[] = [];
      for (let start = 0; start < 15; start += 4) {
        const page = await ids(`sort=${s}&range=[${start},${start + 3}]`);
        paged.push(...page.ids);
        expect(page.range).toBe(`device ${start}-${Math.min(start + 3, 14)}/15`);
      }
      expect(paged).toEqual(whole);
      // Once the total is known, a page in the far half is read backwards from the end.
      for (let start = 0; start < 15; start++) {
        expect((await ids(`sort=${s}&range=[${start},${start + 2}]`)).ids, `range [${start},${start + 2}]`).toEqual(whole.slice(start, start + 3));
      }
      expect((await ids(`sort=${s}&range=[15,20]`)).ids).toEqual([]);
    });
  }

  it('pages of a search matching in some teams only, or nowhere, are the slices of the whole list', async () => {
    // uid_for_type m<team>-<i>: 'm1-' matches in one team, 'm' in all, '-3' once per team.
    for (const q of ['m1-', 'm', '-3', 'M2-4', 'nothing like it']) {
      for (const sort of [['name', 'ASC'], ['group_id', 'DESC'], ['id', 'DESC']]) {
        const query = `sort=${encodeURIComponent(JSON.stringify(sort))}&filter=${encodeURIComponent(JSON.stringify({ q }))}`;
        const whole = (await ids(query)).ids;
        const paged: number[] = [];
        for (let start = 0; start < whole.length + 2; start += 2) {
          const page = await ids(`${query}&range=[${start},${start + 1}]`);
          paged.push(...page.ids);
          expect(page.range, `${q} ${sort.join(' ')} [${start},${start + 1}]`).toMatch(new RegExp(`/${whole.length}$`));
        }
        expect(paged, `${q} ${sort.join(' ')}`).toEqual(whole);
      }
    }
  });

  it(`past ${MERGED_TEAMS_MAX} teams reads one scan, with the same answers`, async () => {
    const userId = await createUser(t.db, 'atk_many', PASSWORD);
    const expected: string[] = [];
    for (let i = 0; i <= MERGED_TEAMS_MAX; i++) {
      const team = await createTeam(t.db, `atk_many_${i}`, [[userId, ROLE.USER]]);
      const { rows } = await t.db.query<{ id: number }>(`INSERT INTO "type" (name, team_id) VALUES ('t', $1) RETURNING id`, [team]);
      const name = `many ${String(100 - i).padStart(3, '0')}`;
      await t.db.query(`INSERT INTO device (name, team_id, type_id, uid_for_type) VALUES ($1, $2, $3, 'u')`, [name, team, rows[0].id]);
      expected.push(name);
    }
    const many = api(t.app, await signIn(t.app, 'atk_many', PASSWORD));
    const res = await many.get(`/api/full/device?fields=name&sort=${encodeURIComponent('["name","ASC"]')}&range=[0,4]`);
    expect(res.headers['content-range']).toBe(`device 0-4/${MERGED_TEAMS_MAX + 1}`);
    expect(res.json().map((d: { name: string }) => d.name)).toEqual(expected.sort().slice(0, 5));
  });
});

describe('the demo fleet', () => {
  it('grows past a device a user renamed to the name of a device still to come', async () => {
    expect(await seedDemo(t.db, { devices: 12 })).toMatchObject({ seeded: true, devices: 12 });
    // Devices are numbered per type, 6 types: the 13th device of the fleet is 'Climate sensor 0003'.
    const first = `${DEMO_TEAMS[0].types[0].name} 0001`;
    const next = `${DEMO_TEAMS[0].types[0].name} 0003`;
    await t.db.query('UPDATE device SET name = $1 WHERE name = $2', [next, first]);
    expect(await seedDemo(t.db, { devices: 18 })).toEqual({ seeded: true, teams: 0, devices: 5, total: 18 });
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM device WHERE name LIKE '% 000_' AND team_id IN (SELECT id FROM team WHERE name = ANY($1))", [
      DEMO_TEAMS.map((d) => d.name),
    ]);
    expect(rows[0].n).toBe(17);
  });
});

// Last: these end every session and membership of the database.
describe('TRUNCATE straight in the database', () => {
  it('of role and of sessions reaches cached sessions', async () => {
    const a = await adminWithTeam(t, 'atk_truncate');
    expect(await teamIds(a.client)).toEqual([a.teamId]);
    await elsewhere((db) => db.exec('TRUNCATE role'));
    await expect.poll(() => teamIds(a.client)).toEqual([]);
    await elsewhere((db) => db.exec('TRUNCATE sessions'));
    await expect.poll(async () => (await a.client.get('/api/type')).statusCode).toBe(401);
  });
});
