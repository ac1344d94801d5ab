/**
 * GET /api/download/csv_export/{category}: columns, RFC 4180 quoting, formula neutralising,
 * filters, team isolation, errors, and the keyset scan that streams it in chunks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { defineCategory, mustGetCategory } from '../../src/schemas/index';
import { scanVisible } from '../../server/crud/listPage';
import { csvColumns, csvValues } from '../../server/routes/csvExport';
import { csvCell, csvLine } from '../../server/http/csv';
import type { Sort } from '../../server/crud/listSql';
import type { SessionUser } from '../../server/auth/sessionUser';
import { adminWithTeam, api, createTestApp, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let other: Client;
let team: number;
let me: number;
let typeA: number;
let typeB: number;
let group: number;

/** Minimal RFC 4180 reader for the assertions: rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

const exportOf = async (client: Client, query = '') => {
  const res = await client.get(`/api/download/csv_export/device${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { res, header, rows, byUid: new Map(rows.map((r) => [r[header.indexOf('uid_for_type')], r])) };
};

/** Unique IDs are free text: the cells that need quoting or neutralising. */
const TRICKY = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR', 'a,b', 'say "hi"', 'two\nlines'];

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'exporter');
  const b = await adminWithTeam(t, 'stranger');
  c = a.client;
  me = a.userId;
  other = b.client;
  team = a.teamId;
  typeA = (await createOk(c, 'type', { name: 'TA', team_id: team })).id as number;
  typeB = (await createOk(c, 'type', { name: 'TB', team_id: team })).id as number;
  group = (await createOk(c, 'devices_group', { name: 'G', team_id: team, type_id: typeA })).id as number;
  for (const [i, uid] of TRICKY.entries()) {
    await createOk(c, 'device', { name: `tricky ${i}`, team_id: team, type_id: typeA, uid_for_type: uid, group_id: i < 3 ? group : null });
  }
  // A name may begin with '-': neutralised too.
  await createOk(c, 'device', { name: '-minus', team_id: team, type_id: typeB, uid_for_type: 'plain' });
  const otherType = (await createOk(other, 'type', { name: 'TA', team_id: b.teamId })).id as number;
  await createOk(other, 'device', { name: 'foreign', team_id: b.teamId, type_id: otherType, uid_for_type: 'FOREIGN' });
  // Enough rows for several 1,000-row chunks, inserted in one statement; dates with
  // microseconds (which a JavaScript Date cannot hold), ties, and NULLs.
  await t.db.query(
    `INSERT INTO "device" ("name", "team_id", "type_id", "uid_for_type", "date")
     SELECT 'bulk ' || g, $1, $2, 'B' || g,
            CASE WHEN g % 5 = 0 THEN NULL ELSE timestamptz '2024-01-01 00:00:00Z' + (g % 700) * interval '1 microsecond' END
       FROM generate_series(1, 2500) AS g`,
    [team, typeB],
  );
});
afterAll(() => t.close());

describe('CSV export', () => {
  it("answers a CSV attachment named after the category's plural and the day", async () => {
    const { res } = await exportOf(c, '?r=0.123');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="devices-${new Date().toISOString().slice(0, 10)}.csv"`);
  });

  it('has the list columns, id first, keys in the header, every visible row once', async () => {
    const { header, rows } = await exportOf(c);
    expect(header.filter((c) => !c.endsWith('_name'))).toEqual(csvColumns(mustGetCategory('device')));
    expect(header).toEqual(['id', 'name', 'team_id', 'team_name', 'type_id', 'type_name', 'group_id', 'group_name', 'uid_for_type', 'target_firmware_id', 'target_firmware_name', 'current_firmware_id', 'current_firmware_name', 'config_state', 'last_seen', 'update_state']);
    expect(rows).toHaveLength(TRICKY.length + 1 + 2500);
    const ids = rows.map((r) => Number(r[0]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const first = rows[0];
    expect([1, 2, 4, 6].map((i) => first[i])).toEqual(['tricky 0', String(team), String(typeA), String(group)]);
    // null is an empty cell
    expect(first[header.indexOf('target_firmware_id')]).toBe('');
  });

  it('quotes per RFC 4180 and neutralises = + - @ tab and CR with a leading quote', async () => {
    const { res, byUid } = await exportOf(c);
    const cell = (uid: string) => byUid.get(`'${uid}`) ?? byUid.get(uid);
    for (const uid of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR']) expect(byUid.has(`'${uid}`), JSON.stringify(uid)).toBe(true);
    for (const uid of ['a,b', 'say "hi"', 'two\nlines']) expect(cell(uid), uid).toBeDefined();
    expect(res.body).toContain(',"say ""hi""",');
    expect(res.body).toContain(',"a,b",');
    expect(res.body).toContain(',"two\nlines",');
    expect(res.body).toContain(`,"'\rCR",`);
    expect(res.body).toContain(`,'=1+1,`);
    expect(res.body).toContain(`,'-minus,`);
  });

  it('formats cells: numbers as they are, JSON as text, dates as ISO 8601', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvCell([{ a: '=x' }])).toBe('"[{""a"":""=x""}]"');
    expect(csvCell(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
  });

  it('writes each value as its kind says: an enum by its value (not its label), an instant as ISO 8601', async () => {
    await createOk(c, 'basic_document', { name: 'Guide', team_id: team, doc_type: 'link', target_class: 'device', content: 'https://example.com' });
    const docs = parseCsv((await c.get('/api/download/csv_export/basic_document')).body);
    expect(docs[0]).toEqual(['id', 'name', 'team_id', 'team_name', 'doc_type', 'target_class']);
    expect(docs[1].slice(1)).toEqual(['Guide', String(team), 'exporter_team', 'link', 'device']);

    await t.db.query(`UPDATE "device" SET "last_seen" = timestamptz '2024-02-29 23:30:00+02' WHERE "name" = 'tricky 0'`);
    const { header, rows } = await exportOf(c);
    expect(rows.find((r) => r[1] === 'tricky 0')![header.indexOf('last_seen')]).toBe('2024-02-29T21:30:00.000Z');
  });

  it('filters by an enum with a plain ?field=value, like the list routes; a value outside the enum is refused', async () => {
    await createOk(c, 'basic_document', { name: 'Notes', team_id: team, doc_type: 'text', target_class: 'other', content: 'hello' });
    const links = parseCsv((await c.get('/api/download/csv_export/basic_document?doc_type=link')).body);
    expect(links.slice(1).map((r) => r[4])).toEqual(['link']);
    const all = parseCsv((await c.get('/api/download/csv_export/basic_document?doc_type=')).body);
    expect(all.slice(1).map((r) => r[4]).sort()).toEqual(['link', 'text']);
    const listed = (await c.get('/api/full/basic_document?fields=name&doc_type=text')).json().json_list;
    expect(listed.map((d: { name: string }) => d.name)).toEqual(['Notes']);
    const bad = await c.get('/api/full/basic_document?doc_type=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Description).toContain('doc_type');
  });

  it('renders every kind by its declaration: dates ISO, JSON compact, reference lists as ids, numbers as numbers', () => {
    const every = defineCategory({
      key: 'csv_kinds_test',
      id: 901,
      singular: 'visit',
      title: 'Visit',
      plural: 'Visits',
      scope: 'team',
      permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
      fields: {
        on: { kind: 'date', label: 'On' },
        at: { kind: 'datetime', label: 'At' },
        level: { kind: 'number', label: 'Level' },
        kind: { kind: 'enum', label: 'Kind', values: ['a', 'b'], valueLabels: { a: 'Alpha' } },
        data: { kind: 'json', label: 'Data' },
        docs: { kind: 'refList', label: 'Docs', ref: 'basic_document' },
        ok: { kind: 'boolean', label: 'OK' },
      },
      summary: ['id'],
    });
    const row = {
      id: 7,
      on: new Date(Date.UTC(2024, 1, 29)),
      at: new Date(Date.UTC(2024, 1, 29, 13, 0, 0)),
      level: -2.5,
      kind: 'a',
      data: { x: [1, 2], y: 'z' },
      docs: [{ id: 3 }, { id: 1 }],
      ok: false,
    };
    const columns = ['id', ...Object.keys(every.fields)];
    expect(csvLine(csvValues(every, columns, row))).toBe('7,2024-02-29,2024-02-29T13:00:00.000Z,-2.5,a,"{""x"":[1,2],""y"":""z""}",3 1,false\r\n');
    expect(csvValues(every, ['on'], { on: '2024-02-29' })).toEqual(['2024-02-29']);
  });

  it('honours the type and group filters; empty or 0 means all', async () => {
    expect((await exportOf(c, `?type_id=${typeA}`)).rows).toHaveLength(TRICKY.length);
    expect((await exportOf(c, `?type_id=${typeA}&group_id=${group}`)).rows).toHaveLength(3);
    expect((await exportOf(c, `?type_id=${typeB}&group_id=`)).rows).toHaveLength(2501);
    expect((await exportOf(c, '?type_id=0&group_id=')).rows).toHaveLength(TRICKY.length + 2501);
  });

  it("honours a plain reference filter (a firmware's tables: ?target_firmware_id=, ?current_firmware_id=)", async () => {
    const firmware = (await createOk(c, 'firmware', { name: 'F', team_id: team, type_id: typeA, version: '1.0.0' })).id as number;
    await t.db.query(`UPDATE "device" SET "target_firmware_id" = $1 WHERE "name" = 'tricky 4'`, [firmware]);
    await t.db.query(`UPDATE "device" SET "current_firmware_id" = $1 WHERE "name" = 'tricky 5'`, [firmware]);
    expect((await exportOf(c, `?target_firmware_id=${firmware}`)).rows.map((r) => r[1])).toEqual(['tricky 4']);
    expect((await exportOf(c, `?current_firmware_id=${firmware}`)).rows.map((r) => r[1])).toEqual(['tricky 5']);
    await t.db.query(`UPDATE "device" SET "target_firmware_id" = NULL, "current_firmware_id" = NULL WHERE "name" IN ('tricky 4', 'tricky 5')`);
  });

  it('honours the list dialect filter and sort', async () => {
    const q = await exportOf(c, `?filter=${encodeURIComponent('{"q":"TRICKY"}')}&sort=${encodeURIComponent('["name","DESC"]')}`);
    expect(q.rows.map((r) => r[1])).toEqual(TRICKY.map((_, i) => `tricky ${i}`).reverse());
  });

  it("never holds another team's rows, whatever the filter", async () => {
    const mine = await exportOf(c);
    expect(mine.byUid.has('FOREIGN')).toBe(false);
    const theirs = await exportOf(other);
    expect(theirs.rows.map((r) => r[1])).toEqual(['foreign']);
    expect((await exportOf(other, `?type_id=${typeA}`)).rows).toEqual([]);
  });

  it('exports other categories with their own list columns', async () => {
    const res = await c.get('/api/download/csv_export/devices_group');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="groups-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(parseCsv(res.body)).toEqual([
      ['id', 'name', 'team_id', 'team_name', 'type_id', 'type_name', 'target_firmware_id', 'target_firmware_name'],
      [String(group), 'G', String(team), 'exporter_team', String(typeA), 'TA', '', ''],
    ]);
  });

  it('answers 401 signed out, 404 for an unknown category, 400 for a bad filter', async () => {
    expect((await api(t.app).get('/api/download/csv_export/device')).statusCode).toBe(401);
    const unknown = await c.get('/api/download/csv_export/gizmo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ Description: ownMessages.unknownCategory('gizmo') });
    const bad = await c.get('/api/download/csv_export/device?type_id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Description: ownMessages.badFilter('type_id') });
    const badSort = await c.get(`/api/download/csv_export/device?sort=${encodeURIComponent('["nope","ASC"]')}`);
    expect(badSort.json()).toEqual({ Description: ownMessages.badSortField('nope') });
  });
});

describe('the keyset scan behind the export', () => {
  const device = mustGetCategory('device');
  const user = (): SessionUser => ({ id: me, username: 'exporter', isServerAdmin: false, roles: new Map([[team, ROLE.ADMIN]]) });

  async function scan(sort: Sort, chunk: number): Promise<number[]> {
    const ids: number[] = [];
    for await (const rows of scanVisible(t.db, user(), device, ['id'], [], sort, chunk)) ids.push(...rows.map((r) => r.id as number));
    return ids;
  }

  it('small chunks give exactly the order of one big chunk, for every kind of sort column, NULLs included', async () => {
    // group_id is NULL for most rows, date has microseconds, name sorts case-insensitively.
    for (const column of ['id', 'name', 'group_id', 'type_id', 'date', 'uid_for_type']) {
      for (const descending of [false, true]) {
        const sort = { column, descending };
        const whole = await scan(sort, 10_000);
        expect(whole, `${column} ${descending}`).toHaveLength(TRICKY.length + 2501);
        expect(await scan(sort, 997), `${column} ${descending}`).toEqual(whole);
      }
    }
  });
});
