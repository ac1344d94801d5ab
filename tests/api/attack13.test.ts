/**
 * Attacks on the scale work of issue 11 that the code withstood, kept as regression tests: list
 * totals counted per team must follow a device moved between teams, pages mixing a team where many
 * match with teams where few do are slices of one list, the export's keyset scan with a search and
 * NULL sort keys, ranges far past the end, rate limits against forged or rotated addresses and
 * parallel guesses, and the startup preloads of odd page URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { FEW_IN_TEAM, scanVisible } from '../../server/crud/listPage';
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

describe('sign-in and public QR limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PUCS_QR_INFO_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  const qr = (remoteAddress: string, forwarded?: string) =>
    limited.app.inject({
      url: '/api/execute_qr_code_action/unknown-id',
      remoteAddress,
      headers: { 'x-requested-with': 'pucs', ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
    });
  const login = (remoteAddress: string, username: string, password: string, forwarded?: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-requested-with': 'pucs', ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
      payload: { username, password },
    });

  it('count a whole IPv6 /64, and an IPv4 address however written, for the QR info; X-Forwarded-For is not believed', async () => {
    for (let i = 1; i <= 3; i++) expect((await qr(`2001:db8:7:7::${i}`, `198.51.100.${i}`)).statusCode).toBe(404);
    const refused = await qr('2001:db8:7:7:ffff:1:2:3', '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await qr('2001:DB8:7:7::abcd')).statusCode).toBe(429);
    expect((await qr('2001:db8:7:8::1')).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await qr(i % 2 ? '::ffff:192.0.2.7' : '192.0.2.7')).statusCode).toBe(404);
    expect((await qr('::ffff:192.0.2.7')).statusCode).toBe(429);
  });

  it('of one account hold against guesses sent all at once, and against X-Forwarded-For', async () => {
    const victim = await adminWithTeam(limited, 'lim_victim');
    // From one address, however X-Forwarded-For names it (not believed without PUCS_TRUST_PROXY).
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login('10.0.0.1', i % 2 ? 'LIM_VICTIM' : 'lim_victim', 'wrong guess', `192.0.2.${i}`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    // Exactly the allowance of 10 of the account and address was tried; the rest refused before any hash.
    expect(codes).toEqual([...Array(10).fill(401), ...Array(6).fill(429)]);
    expect((await login('10.0.0.1', 'lim_victim', victim.password, '192.0.2.200')).statusCode).toBe(429);
    // The owner at another address is not refused for the guesser's failures (issue 12).
    expect((await login('10.0.1.1', 'lim_victim', victim.password, '192.0.2.200')).statusCode).toBe(204);
  });
});

describe('a limit store that fails', () => {
  it.skipIf(!process.env.DATABASE_URL)('refuses sign-ins and QR calls with a 500: never lets one through uncounted', async () => {
    const broken = await createTestApp();
    try {
      const a = await adminWithTeam(broken, 'lim_broken');
      await broken.db.exec('DROP TABLE rate_limit');
      const res = await broken.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-requested-with': 'pucs' }, payload: { username: 'lim_broken', password: a.password } });
      expect(res.statusCode).toBe(500);
      expect(res.cookies.find((c) => c.name === 'pucs_session')).toBeUndefined();
      expect((await broken.app.inject('/api/execute_qr_code_action/x')).statusCode).toBe(500);
      // The signed-in session still works: only the limited calls depend on the store.
      expect((await a.client.get('/api/current_user')).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('the startup preloads', () => {
  it('of a page URL that is not one, or a huge QR id, never break the page or put markup in it', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'pucs-atk13-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>PUCS</title></head><body></body></html>');
    const web = await createTestApp({ PUCS_DIST_DIR: dist });
    try {
      const hrefs = (body: string) => [...body.matchAll(/<link rel="preload"[^>]*href="([^"]*)">/g)].map((m) => m[1]);
      for (const url of ['//[', '//evil.example/qr?id=1', '/qr?id=%E0%A4%A', "/qr?id=\"><img src=x onerror=alert(1)>'&id=2"]) {
        const res = await web.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toMatch(/<img|onerror=alert/);
        expect(hrefs(res.body)[0], url).toBe('/api/current_user');
      }
      const id = `${'<b>'.repeat(3000)}"`;
      const res = await web.app.inject(`/qr?id=${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(200);
      expect(hrefs(res.body)).toEqual(['/api/current_user', `/api/execute_qr_code_action/${encodeURIComponent(id)}`]);
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
