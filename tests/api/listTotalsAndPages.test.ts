/**
 * Lists read across a user's teams (server/crud/listPage.ts): their totals follow every change that
 * moves an object in or out of a filter (a device moved between teams, a group deleted under its
 * devices), a page of several teams, merged team by team or read in one scan, is a slice of the one
 * whole list in any order (ties by case, NULL sort keys, a team where many match beside teams where
 * few do), and so is the CSV export's keyset scan; a search takes its text literally and a team filter
 * never reaches another team; ranges far past the end answer an empty page with the total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createTeam, createTestApp, createUser, memberOf, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { FEW_IN_TEAM, MERGED_TEAMS_MAX, scanVisible } from '../../server/crud/listPage';
import type { SessionUser } from '../../server/auth/sessionUser';
import { openDatabase } from '../../server/db/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function list(client: Client, query: { filter?: unknown; sort?: [string, string]; range?: [number, number] }) {
  const parts = [`fields=id,name,group_id`, `filter=${enc(query.filter ?? {})}`];
  if (query.sort) parts.push(`sort=${enc(query.sort)}`);
  if (query.range) parts.push(`range=${enc(query.range)}`);
  const res = await client.get(`/api/full/device?${parts.join('&')}`);
  expect(res.statusCode, res.body).toBe(200);
  const total = Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1]);
  return { ids: (res.json() as { id: number }[]).map((d) => d.id), total };
}

const PASSWORD = 'correct horse battery';

/** The Content-Range total of a one-object page of devices matching `filter`. */
async function total(client: Client, filter: Record<string, unknown> = {}): Promise<number> {
  const res = await client.get(`/api/full/device?fields=id&range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(res.statusCode, res.body).toBe(200);
  return Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1]);
}

describe('a device moved from one team to another', () => {
  it('leaves the totals and pages of every user of either team, warmed before, right at once', async () => {
    const a = await adminWithTeam(t, 'mv_admin');
    const teamB = (await createOk(a.client, 'team', { name: 'mv_team_b' })).id as number;
    const typeA = (await createOk(a.client, 'type', { name: 'mv A', team_id: a.teamId })).id as number;
    const typeB = (await createOk(a.client, 'type', { name: 'mv B', team_id: teamB })).id as number;
    for (let i = 0; i < 3; i++) await createOk(a.client, 'device', { name: `alpha ${i}`, team_id: a.teamId, type_id: typeA, uid_for_type: `a${i}` });
    for (let i = 0; i < 2; i++) await createOk(a.client, 'device', { name: `beta ${i}`, team_id: teamB, type_id: typeB, uid_for_type: `b${i}` });
    const mover = (await createOk(a.client, 'device', { name: 'mover', team_id: a.teamId, type_id: typeA, uid_for_type: 'm' })).id as number;
    const onlyA = await memberOf(t, 'mv_only_a', [a.teamId], ROLE.USER);
    const onlyB = await memberOf(t, 'mv_only_b', [teamB], ROLE.USER);
    const totals = async (filter: unknown) => Promise.all([a.client, onlyA, onlyB].map(async (c) => (await list(c, { filter, range: [0, 0] })).total));
    expect(await totals({})).toEqual([6, 4, 2]);
    expect(await totals({ q: 'mover' })).toEqual([1, 1, 0]);
    expect(await totals({ type_id: typeB })).toEqual([2, 0, 2]);

    expect((await a.client.put(`/api/device/${mover}`, { team_id: teamB, type_id: typeB })).statusCode).toBe(200);
    expect(await totals({})).toEqual([6, 3, 3]);
    expect(await totals({ q: 'mover' })).toEqual([1, 0, 1]);
    expect(await totals({ type_id: typeB })).toEqual([3, 0, 3]);
    const sort: [string, string] = ['name', 'DESC'];
    // Pages of B's member: the moved device in its place ('mover' sorts before 'beta' descending), A's never.
    const page = async (range: [number, number]) => (await list(onlyB, { sort, range })).ids;
    expect([...(await page([0, 1])), ...(await page([2, 2]))]).toEqual((await list(onlyB, { sort })).ids);
    expect(await page([0, 0])).toEqual([mover]);
    expect((await list(onlyA, { filter: { q: 'mover' }, range: [0, 9] })).ids).toEqual([]);
    expect((await list(onlyB, { filter: { q: 'mover' }, range: [0, 9] })).ids).toEqual([mover]);

    // Moved back by another process (another connection on PostgreSQL): told by its notification.
    const db = t.url ? await openDatabase({ url: t.url }) : t.db;
    try {
      await db.query('UPDATE device SET team_id = $1, type_id = $2 WHERE id = $3', [a.teamId, typeA, mover]);
    } finally {
      if (db !== t.db) await db.close();
    }
    await expect.poll(() => totals({ q: 'mover' })).toEqual([1, 1, 0]);
    expect(await totals({})).toEqual([6, 4, 2]);
    expect((await list(onlyA, { filter: { q: 'mover' }, range: [0, 9] })).ids).toEqual([mover]);
  });
});

describe('a page of two teams, one where many match and one where few do', () => {
  let member: Client;
  let user: SessionUser;
  beforeAll(async () => {
    const a = await adminWithTeam(t, 'mix_admin');
    const small = (await createOk(a.client, 'team', { name: 'mix_small' })).id as number;
    const bigType = (await createOk(a.client, 'type', { name: 'mix big', team_id: a.teamId })).id as number;
    const smallType = (await createOk(a.client, 'type', { name: 'mix small', team_id: small })).id as number;
    const group = (await createOk(a.client, 'devices_group', { name: 'mix g', team_id: small, type_id: smallType })).id as number;
    // FEW_IN_TEAM + 5 matches in one team: its part is read in the order of its list index.
    await t.db.query(
      `INSERT INTO device (name, team_id, type_id, uid_for_type)
       SELECT 'Bulk ' || lpad(g::text, 4, '0'), $1, $2, 'b' || g FROM generate_series(1, $3::int) g`,
      [a.teamId, bigType, FEW_IN_TEAM + 5],
    );
    // A few in the other, between, before and after the first team's names, ties by case, half without a group.
    for (const [i, name] of ['bulk 0001', 'BULK 0500', 'bulk 0500x', 'Bulk 9999', 'aaa bulk'].entries()) {
      await createOk(a.client, 'device', { name, team_id: small, type_id: smallType, uid_for_type: `s${i}`, group_id: i % 2 ? group : null });
    }
    await createOk(a.client, 'device', { name: 'unmatched', team_id: small, type_id: smallType, uid_for_type: 'x' });
    member = await memberOf(t, 'mix_member', [a.teamId, small], ROLE.USER);
    const me = (await member.get('/api/current_user')).json() as { id: number };
    user = { id: me.id, username: 'mix_member', isServerAdmin: false, roles: new Map([[a.teamId, ROLE.USER], [small, ROLE.USER]]) };
  });

  for (const sort of [['name', 'ASC'], ['name', 'DESC'], ['group_id', 'ASC'], ['group_id', 'DESC']] as [string, string][]) {
    it(`pages sorted by ${sort.join(' ')} at either end and across the middle are slices of the whole list`, async () => {
      const filter = { q: 'bulk' };
      const whole = (await list(member, { filter, sort })).ids;
      expect(whole).toHaveLength(FEW_IN_TEAM + 10);
      for (const start of [0, 3, 498, 502, FEW_IN_TEAM - 2, FEW_IN_TEAM + 6, FEW_IN_TEAM + 9]) {
        const page = await list(member, { filter, sort, range: [start, start + 4] });
        expect(page.total).toBe(whole.length);
        expect(page.ids, `[${start},${start + 4}]`).toEqual(whole.slice(start, start + 5));
      }
    });
  }

  for (const sort of [['name', 'DESC'], ['group_id', 'DESC']] as [string, string][]) {
    it(`the export's keyset scan of a search, sorted by ${sort.join(' ')} in chunks of 101, is the whole list`, async () => {
      const whole = (await list(member, { filter: { q: 'bulk' }, sort })).ids;
      const device = t.app.registry.get('device');
      const conditions = [{ kind: 'search' as const, columns: ['name'], text: 'bulk' }];
      const scanned: number[] = [];
      for await (const rows of scanVisible(t.db, user, device, ['id'], conditions, { column: sort[0], descending: sort[1] === 'DESC' }, 101)) {
        scanned.push(...rows.map((r) => r.id as number));
      }
      expect(scanned).toEqual(whole);
    });
  }

  it('the CSV export of a search and a filter lists the same objects in the same order as the list', async () => {
    const sort: [string, string] = ['name', 'ASC'];
    const filter = { q: 'BULK 0', group_id: null };
    const whole = (await list(member, { filter, sort })).ids;
    expect(whole.length).toBeGreaterThan(FEW_IN_TEAM);
    const res = await member.get(`/api/download/csv_export/device?filter=${enc(filter)}&sort=${enc(sort)}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter((l) => l !== '');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(whole);
  });
});

describe('the users list (scope user: who is seen depends on the roles)', () => {
  it('counts a teammate from the role that makes one, and not after it is gone', async () => {
    const a = await adminWithTeam(t, 'usr_admin');
    await adminWithTeam(t, 'usr_other');
    const total = async () => Number(/\/(\d+)$/.exec(String((await a.client.get(`/api/full/user?fields=id&range=${enc([0, 0])}`)).headers['content-range']))?.[1]);
    expect(await total()).toBe(1);
    const role = await createOk(a.client, 'role', { team_id: a.teamId, username: 'usr_other', role_id: ROLE.USER });
    expect(await total()).toBe(2);
    expect((await a.client.del(`/api/role/${String(role.id)}`)).statusCode).toBe(200);
    expect(await total()).toBe(1);
  });
});

describe("a picker's server search", () => {
  it('finds a backslash, percent or underscore as typed, and never another team\'s device by its team filter', async () => {
    const a = await adminWithTeam(t, 'pick_admin');
    const b = await adminWithTeam(t, 'pick_other');
    const type = (await createOk(a.client, 'type', { name: 'pick', team_id: a.teamId })).id as number;
    const otherType = (await createOk(b.client, 'type', { name: 'pick', team_id: b.teamId })).id as number;
    // In the unique ids, a searched column that holds any text (names allow no backslash or %).
    const uids = ['a\\b', 'ab', '50%', '50', 'x_y', 'xzy'];
    const ids = new Map<string, number>();
    const insert = 'INSERT INTO device (name, team_id, type_id, uid_for_type) VALUES ($1, $2, $3, $4) RETURNING id';
    for (const [i, uid] of uids.entries()) ids.set(uid, (await t.db.query<{ id: number }>(insert, [`pick ${i}`, a.teamId, type, uid])).rows[0].id);
    await t.db.query(insert, ['pick 0', b.teamId, otherType, 'a\\b']);
    const search = async (client: Client, filter: Record<string, unknown>) => (await list(client, { filter, sort: ['name', 'ASC'], range: [0, 49] })).ids;
    expect(await search(a.client, { team_id: a.teamId, q: '\\' })).toEqual([ids.get('a\\b')]);
    expect(await search(a.client, { team_id: a.teamId, q: 'a\\b' })).toEqual([ids.get('a\\b')]);
    expect(await search(a.client, { team_id: a.teamId, q: '50%' })).toEqual([ids.get('50%')]);
    expect(await search(a.client, { team_id: a.teamId, q: 'x_y' })).toEqual([ids.get('x_y')]);
    expect(await search(a.client, { team_id: b.teamId, q: 'pick' })).toEqual([]);
    expect(await search(b.client, { team_id: a.teamId })).toEqual([]);
  });
});

describe('ranges', () => {
  it('far past the end answer an empty page with the total, whichever way the list is read; bad ones a 400', async () => {
    const a = await adminWithTeam(t, 'rng_admin');
    const second = (await createOk(a.client, 'team', { name: 'rng_second' })).id as number;
    const type = (await createOk(a.client, 'type', { name: 'rng', team_id: second })).id as number;
    await createOk(a.client, 'device', { name: 'rng 1', team_id: second, type_id: type, uid_for_type: 'r1' });
    const last = Number.MAX_SAFE_INTEGER;
    for (const sort of [undefined, ['name', 'DESC']] as const) {
      for (const range of [[last - 1, last], [1, 1], [2, 2], [0, 9_999]] as [number, number][]) {
        const page = await list(a.client, { sort: sort as [string, string] | undefined, range });
        expect(page, `${JSON.stringify(range)}`).toEqual({ ids: range[0] === 0 ? [expect.any(Number)] : [], total: 1 });
      }
    }
    // Teams themselves are read in one scan (not merged by team).
    const teams = await a.client.get(`/api/full/team?range=${enc([last - 1, last])}`);
    expect(teams.statusCode).toBe(200);
    expect(teams.json()).toEqual([]);
    for (const range of [[-1, 3], [3, 1], [0.5, 2], [0, last + 1], [0, 10_000], '[0', [0]]) {
      const res = await a.client.get(`/api/full/device?range=${typeof range === 'string' ? range : enc(range)}`);
      expect(res.statusCode, JSON.stringify(range)).toBe(400);
    }
  });
});

describe('list totals', () => {
  it('follow a group deleted (device.group_id set NULL by the foreign key), by either filter dialect', async () => {
    const a = await adminWithTeam(t, 'totals_counts');
    const type = await createOk(a.client, 'type', { name: 'totals type', team_id: a.teamId });
    const group = await createOk(a.client, 'devices_group', { name: 'totals group', team_id: a.teamId, type_id: type.id });
    for (let i = 0; i < 4; i++) {
      await createOk(a.client, 'device', { name: `totals ${i}`, team_id: a.teamId, type_id: type.id, uid_for_type: `totals-${i}`, group_id: i < 3 ? group.id : null });
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
    const a = await adminWithTeam(t, 'merge');
    const teams = [a.teamId, (await createOk(a.client, 'team', { name: 'merge_2' })).id, (await createOk(a.client, 'team', { name: 'merge_3' })).id];
    for (const [n, team] of teams.entries()) {
      const type = await createOk(a.client, 'type', { name: 'merged', team_id: team });
      const group = await createOk(a.client, 'devices_group', { name: 'g', team_id: team, type_id: type.id });
      for (let i = 0; i < 5; i++) {
        // Names that tie case-insensitively across teams, and groups that are NULL on some rows.
        const name = `${(i + n) % 2 === 0 ? 'Dev' : 'dev'} ${i}`;
        await createOk(a.client, 'device', { name, team_id: team, type_id: type.id, uid_for_type: `m${n}-${i}`, group_id: (i + n) % 3 === 0 ? null : group.id });
      }
    }
    member = await memberOf(t, 'merge_member', teams as number[], ROLE.USER);
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
      const user: SessionUser = { id: memberId, username: 'merge_member', isServerAdmin: false, roles: new Map(memberTeams.map((team) => [team, ROLE.USER])) };
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
    const userId = await createUser(t.db, 'many_teams', PASSWORD);
    const expected: string[] = [];
    for (let i = 0; i <= MERGED_TEAMS_MAX; i++) {
      const team = await createTeam(t.db, `many_teams_${i}`, [[userId, ROLE.USER]]);
      const { rows } = await t.db.query<{ id: number }>(`INSERT INTO "type" (name, team_id) VALUES ('t', $1) RETURNING id`, [team]);
      const name = `many ${String(100 - i).padStart(3, '0')}`;
      await t.db.query(`INSERT INTO device (name, team_id, type_id, uid_for_type) VALUES ($1, $2, $3, 'u')`, [name, team, rows[0].id]);
      expected.push(name);
    }
    const many = api(t.app, await signIn(t.app, 'many_teams', PASSWORD));
    const res = await many.get(`/api/full/device?fields=name&sort=${encodeURIComponent('["name","ASC"]')}&range=[0,4]`);
    expect(res.headers['content-range']).toBe(`device 0-4/${MERGED_TEAMS_MAX + 1}`);
    expect(res.json().map((d: { name: string }) => d.name)).toEqual(expected.sort().slice(0, 5));
  });
});
