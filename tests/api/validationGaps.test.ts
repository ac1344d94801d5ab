/**
 * Smaller validation gaps of issue 12 (item 7): the firmware hash, icons checked by content, the
 * size of a collection's list, names trimmed, composed and refused when they look like another
 * name of the team, and a body holding '__proto__'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { migrate } from '../../server/db/migrate';
import { insertRows } from '../../server/demo/insertRows';
import { adminWithTeam, createTestApp, description, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let otherTeam: number;
let type: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'gaps');
  c = a.client;
  cookie = a.cookie;
  team = a.teamId;
  otherTeam = (await createOk(c, 'team', { name: 'gaps second team' })).id as number;
  type = (await createOk(c, 'type', { name: 'Gap type', team_id: team })).id as number;
});
afterAll(() => t.close());

const count = async (table: string, where = 'true', params: unknown[] = []) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`, params)).rows[0].n;

describe('firmware_hash', () => {
  it('is 64 lower-case hexadecimal digits (a SHA3-256), or refused', async () => {
    const fw = { name: 'hashed', team_id: team, type_id: type, version: '1.0.0' };
    await expectError(c.post('/api/firmware', { ...fw, firmware_hash: 'a'.repeat(65) }), 400, ownMessages.tooLong('SHA3-256', 64));
    for (const hash of ['a'.repeat(63), 'g'.repeat(64), 'A'.repeat(64), `${'a'.repeat(62)} a`, '']) {
      await expectError(c.post('/api/firmware', { ...fw, firmware_hash: hash }), 400, ownMessages.hashNotSha3('SHA3-256'));
    }
    expect(await count('firmware', 'name = $1', ['hashed'])).toBe(0);
    await createOk(c, 'firmware', { ...fw, firmware_hash: '0123456789abcdef'.repeat(4) });
  });
});

describe('icons', () => {
  const b64 = (bytes: number[] | string) => Buffer.from(typeof bytes === 'string' ? bytes : Uint8Array.from(bytes)).toString('base64');
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
  const png = `data:image/png;base64,${b64(PNG)}`;

  it('are PNG, JPEG, WebP or GIF data URLs, checked by their content', async () => {
    const accepted = [
      png,
      `data:image/jpeg;base64,${b64(JPEG)}`,
      `data:image/gif;base64,${b64('GIF89a\u0001\u0000')}`,
      `data:image/webp;base64,${b64('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')}`,
    ];
    for (const [i, icon] of accepted.entries()) {
      const created = await createOk(c, 'type', { name: `iconic ${i}`, team_id: team, icon });
      expect(created.icon).toBe(icon);
    }
  });

  it('refuse SVG, a mislabelled image, and any address that is not a data URL', async () => {
    const svg = `data:image/svg+xml;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`;
    const notRaster = [
      svg,
      // SVG text declared as a PNG, and a PNG declared as SVG or JPEG: the bytes decide.
      `data:image/png;base64,${b64('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
      `data:image/svg+xml;base64,${b64(PNG)}`,
      `data:image/jpeg;base64,${b64(PNG)}`,
      `data:text/html;base64,${b64('<script>alert(1)</script>')}`,
    ];
    const notDataUrl = [
      'javascript:alert(1)',
      'https://evil.example/pixel.png',
      '//evil.example/pixel.png',
      'data:image/svg+xml,<svg onload="alert(1)"/>',
      `data:image/png;base64,${b64(PNG)}!`,
      ` ${png}`,
    ];
    for (const icon of notRaster) await expectError(c.post('/api/type', { name: 'bad icon', team_id: team, icon }), 400, ownMessages.iconNotRaster('Icon'));
    for (const icon of notDataUrl) await expectError(c.post('/api/type', { name: 'bad icon', team_id: team, icon }), 400, ownMessages.iconNotDataUrl('Icon'));
    await expectError(c.put(`/api/type/${type}`, { icon: svg }), 400, ownMessages.iconNotRaster('Icon'));
    await expectError(c.put(`/api/team/${team}`, { icon: 'javascript:alert(1)' }), 400, ownMessages.iconNotDataUrl('Icon'));
    expect(await count('type', 'name = $1', ['bad icon'])).toBe(0);
    expect((await c.get(`/api/type/${type}?fields=icon`)).json()).toEqual({ icon: null });
  });

  it('may be removed (null)', async () => {
    const created = await createOk(c, 'type', { name: 'iconic removed', team_id: team, icon: png });
    expect((await c.put(`/api/type/${String(created.id)}`, { icon: null })).json().icon).toBeNull();
  });
});

describe("a collection's documents", () => {
  it('are at most 1,000, each once', async () => {
    const doc = await createOk(c, 'basic_document', { name: 'listed', team_id: team, doc_type: 'text', content: 'x', target_class: 'other' });
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ id: i + 1 }));
    await expectError(c.post('/api/documents_collection', { name: 'big', team_id: team, basic_docs_list: tooMany }), 400, ownMessages.listTooLong('Documents', '1,000'));
    await expectError(
      c.post('/api/documents_collection', { name: 'twice', team_id: team, basic_docs_list: [{ id: doc.id }, { id: doc.id }] }),
      400,
      messages.documentAlreadyInCollection,
    );
    const col = await createOk(c, 'documents_collection', { name: 'once', team_id: team, basic_docs_list: [{ id: doc.id }] });
    await expectError(c.put(`/api/documents_collection/${String(col.id)}`, { basic_docs_list: tooMany }), 400, ownMessages.listTooLong('Documents', '1,000'));
    expect(await count('documents_collection', 'name IN ($1, $2)', ['big', 'twice'])).toBe(0);
  });
});

describe('names', () => {
  it('are stored trimmed and composed (NFC), and compared so', async () => {
    const trimmed = await createOk(c, 'devices_group', { name: '  Pumps north ', team_id: team, type_id: type });
    expect(trimmed.name).toBe('Pumps north');
    await expectError(c.post('/api/devices_group', { name: 'Pumps north', team_id: team, type_id: type }), 409, messages.nameNotUnique('Pumps north'));
    // 'e' + a combining acute accent is 'é' composed: one spelling, one stored form.
    const decomposed = await createOk(c, 'devices_group', { name: 'Cafe\u0301 pumps', team_id: team, type_id: type });
    expect(decomposed.name).toBe('Caf\u00e9 pumps');
    expect(await count('devices_group', 'name = $1', ['Caf\u00e9 pumps'])).toBe(1);
    const renamed = await c.put(`/api/devices_group/${String(trimmed.id)}`, { name: ' Pumps  north 2 ' });
    expect(renamed.json().name).toBe('Pumps  north 2');
  });

  it('that only look like another name of the team are refused with the not-unique message', async () => {
    await createOk(c, 'device', { name: 'Pump-01', team_id: team, type_id: type, uid_for_type: 'p-01' });
    const lookalikes = ['pump-01', 'PUMP-01', '\u0420ump-01' /* Cyrillic Р */, 'Pump-O1', 'Pump-0l', 'P\u00fcmp-01', 'Ｐump-01' /* fullwidth */];
    for (const [i, name] of lookalikes.entries()) {
      await expectError(c.post('/api/device', { name, team_id: team, type_id: type, uid_for_type: `p-x${i}` }), 409, messages.nameNotUnique(name.normalize('NFC')));
    }
    expect(await count('device', 'team_id = $1', [team])).toBe(1);
    // Another team may hold it; a name that reads differently is fine.
    const otherType = (await createOk(c, 'type', { name: 'Other gap type', team_id: otherTeam })).id;
    await createOk(c, 'device', { name: 'pump-01', team_id: otherTeam, type_id: otherType, uid_for_type: 'p-02' });
    const second = await createOk(c, 'device', { name: 'Pump-02', team_id: team, type_id: type, uid_for_type: 'p-03' });
    // A rename to a look-alike is refused; the object's own name in another case is its own.
    await expectError(c.put(`/api/device/${String(second.id)}`, { name: 'pump-0l' }), 409, messages.nameNotUnique('pump-0l'));
    expect((await c.put(`/api/device/${String(second.id)}`, { name: 'PUMP-02' })).statusCode).toBe(200);
  });

  it("of firmwares: a look-alike name with the same version gets the spec's pair message", async () => {
    await createOk(c, 'firmware', { name: 'Boot', team_id: team, type_id: type, version: '2.0.0' });
    await expectError(c.post('/api/firmware', { name: 'B00T', team_id: team, type_id: type, version: '2.0.0' }), 409, messages.firmwareNotUnique('B00T', '2.0.0'));
    await createOk(c, 'firmware', { name: 'B00T', team_id: team, type_id: type, version: '2.0.1' });
  });

  it('look-alikes written at the same time: one is created, the others refused', async () => {
    const names = ['Valve', 'valve', 'VALVE', 'V\u0430lve', 'Va1ve', 'vALVE'];
    const answers = await Promise.all(names.map((name) => c.post('/api/type', { name, team_id: team })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await count('type', 'team_id = $1 AND name_key = $2', [team, 'valve'])).toBe(1);
  });

  it('that looked alike before the key existed stay and do not stop a start; new look-alikes are refused', async () => {
    // Two rows written before the migration gave names their keys.
    await t.db.query('INSERT INTO type (name, team_id, name_key) VALUES ($1, $3, NULL), ($2, $3, NULL)', ['Legacy', 'LEGACY', team]);
    await migrate(t.db);
    const { rows } = await t.db.query<{ name: string; name_key: string }>('SELECT name, name_key FROM type WHERE name_key = $1 ORDER BY name', ['legacy']);
    expect(rows.map((r) => r.name)).toEqual(['LEGACY', 'Legacy']);
    const legacy = (await t.db.query<{ id: number }>('SELECT id FROM type WHERE name = $1', ['Legacy'])).rows[0].id;
    expect((await c.put(`/api/type/${legacy}`, { notes: 'still here' })).statusCode).toBe(200);
    await expectError(c.post('/api/type', { name: 'legacy', team_id: team }), 409, messages.nameNotUnique('legacy'));
    // The key never leaves the server.
    expect(Object.keys((await c.get(`/api/type/${legacy}`)).json())).not.toContain('name_key');
    await expectError(c.post('/api/type', { name: 'keyed', team_id: team, name_key: 'x' }), 400, ownMessages.readOnlyField('name_key'));
  });
});

describe('names inserted in bulk (the demo seed)', () => {
  it('carry their look-alike keys', async () => {
    await insertRows(t.db, 'type', [{ name: 'Seeded', team_id: team }]);
    await expectError(c.post('/api/type', { name: 'seeded', team_id: team }), 409, messages.nameNotUnique('seeded'));
  });
});

describe("a body holding '__proto__'", () => {
  it('is told that the key is not accepted, not that it is not JSON', async () => {
    for (const [method, url] of [['POST', '/api/type'], ['PUT', `/api/type/${type}`]] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...CSRF_HEADER, 'content-type': 'application/json', cookie },
        payload: `{"name":"proto","team_id":${team},"__proto__":{"is_server_admin":true}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(description(res)).toBe(ownMessages.bodyPrototypeKey);
    }
    expect(await count('type', 'name = $1', ['proto'])).toBe(0);
  });
});

describe('names written with a letter of another script that reads as a Latin one', () => {
  it("a Cherokee letter ('Ꮃidget' beside 'Widget') is refused as not unique", async () => {
    const { client, teamId } = await adminWithTeam(t, 'namer');
    expect((await client.post('/api/type', { name: 'Widget', team_id: teamId })).statusCode).toBe(201);
    // U+13B3 CHEROKEE LETTER LA (Ꮃ) is confusable with W in Unicode's list, as Cyrillic і is with i.
    const res = await client.post('/api/type', { name: '\u13b3idget', team_id: teamId });
    expect(res.statusCode, res.body).toBe(409);
  });
});
