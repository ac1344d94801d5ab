/**
 * Inputs a client can send that used to reach the database unchecked and came back as a
 * 500. Each answers a 400 with a Description now, and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { buildApp } from '../../server/app';
import { clientDataError } from '../../server/http/dbErrorNet';
import { MAX_JSON_DEPTH } from '../../server/crud/validate';
import { adminWithTeam, api, createTestApp, description, expectError, type Client, type TestApp } from './helpers';
import { createEverything, type Ids } from './crudFixtures';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'robust');
  c = a.client;
  cookie = a.cookie;
  ids = await createEverything(c, a.userId, 'R');
});
afterAll(() => t.close());

const rawPut = (url: string, payload: string) =>
  t.app.inject({ method: 'PUT', url, payload, headers: { cookie, ...CSRF_HEADER, 'content-type': 'application/json' } });

describe('list filters beyond the integer range', () => {
  it('answer 400, not 500, on the plain ?field=id filters', async () => {
    for (const prefix of ['/api', '/api/full']) {
      await expectError(c.get(`${prefix}/device?type_id=9999999999`), 400, ownMessages.badFilter('type_id'));
      await expectError(c.get(`${prefix}/device?group_id=2147483648`), 400, ownMessages.badFilter('group_id'));
    }
    // The largest integer is still an id (of nothing).
    const edge = await c.get('/api/device?type_id=2147483647');
    expect(edge.statusCode).toBe(200);
    expect(edge.json().json_list).toEqual([]);
  });

  it('answer 400 on the CSV export too, which reads the same filters', async () => {
    for (const value of ['2147483648', '01', '-1']) {
      await expectError(c.get(`/api/download/csv_export/device?type_id=${value}`), 400, ownMessages.badFilter('type_id'));
    }
  });
});

describe('ids in the path', () => {
  it('answer 404 when not an id an integer column can hold, like an object that does not exist', async () => {
    for (const id of ['0', '01', '-1', '1.0', '2147483648']) {
      await expectError(c.get(`/api/device/${id}`), 404, ownMessages.notFound);
      await expectError(c.put(`/api/device/${id}`, { notes: 'x' }), 404, ownMessages.notFound);
    }
    await expectError(c.del('/api/device/2147483647'), 404, ownMessages.notFound);
    expect((await c.get(`/api/device/${ids.device}`)).statusCode).toBe(200);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('a NUL character in a text field is a 400 on create and update, and nothing changes', async () => {
    await expectError(c.post('/api/type', { name: 'nul', team_id: ids.team, notes: 'a\u0000b' }), 400, ownMessages.unstorableText('Notes'));
    const before = (await c.get(`/api/device/${ids.device}`)).json();
    await expectError(c.put(`/api/device/${ids.device}`, { notes: 'a\u0000b' }), 400, ownMessages.unstorableText('Notes'));
    expect((await c.get(`/api/device/${ids.device}`)).json()).toEqual(before);
    expect((await c.get('/api/type?fields=name')).json().json_list).not.toContainEqual({ name: 'nul' });
  });

  it('an unpaired surrogate is refused rather than silently replaced', async () => {
    await expectError(c.put(`/api/device/${ids.device}`, { notes: 'x\ud800y' }), 400, ownMessages.unstorableText('Notes'));
  });

  it('NUL or an unpaired surrogate anywhere in a JSON field is a 400', async () => {
    const url = `/api/device/${ids.device}`;
    await expectError(c.put(url, { provisioning: { a: 'a\u0000b' } }), 400, ownMessages.unstorableText('Provisioning'));
    await expectError(c.put(url, { provisioning: { 'key\u0000': 1 } }), 400, ownMessages.unstorableText('Provisioning'));
    await expectError(c.put(url, { provisioning: [[{ a: '\udc00' }]] }), 400, ownMessages.unstorableText('Provisioning'));
    await expectError(c.put('/api/user', { preferences: { theme: '\u0000' } }), 400, ownMessages.unstorableText('Preferences'));
    // Ordinary unicode, astral plane included, is stored as sent.
    const ok = await c.put(url, { provisioning: { 'ключ': 'значение 🚀', emoji: '\ud83d\ude80' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().provisioning).toEqual({ 'ключ': 'значение 🚀', emoji: '🚀' });
  });

  it('a NUL character in a search or text filter is a 400', async () => {
    const q = encodeURIComponent(JSON.stringify({ q: 'a\u0000' }));
    await expectError(c.get(`/api/device?filter=${q}`), 400, ownMessages.unstorableText('q'));
    await expectError(c.get(`/api/download/csv_export/device?filter=${q}`), 400, ownMessages.unstorableText('q'));
    const docType = encodeURIComponent(JSON.stringify({ doc_type: 'text\u0000' }));
    const res = await c.get(`/api/basic_document?filter=${docType}`);
    expect(res.statusCode).toBe(400);
  });

  it('a NUL character in a sign-in name is a wrong sign-in, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: CSRF_HEADER,
      payload: { username: 'robust\u0000', password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(401);
    expect(description(res)).toBe(ownMessages.wrongCredentials);
  });

  it('a NUL character in the username of a new member is a 400', async () => {
    await expectError(c.post('/api/role', { team_id: ids.team, username: 'x\u0000' }), 400, ownMessages.unstorableText('Username'));
  });
});

describe('deeply nested JSON', () => {
  const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it(`is accepted up to ${MAX_JSON_DEPTH} levels and refused beyond with a 400`, async () => {
    const url = `/api/device/${ids.device}`;
    const ok = await rawPut(url, `{"provisioning":${nested(MAX_JSON_DEPTH)}}`);
    expect(ok.statusCode).toBe(200);
    for (const n of [MAX_JSON_DEPTH + 1, 5000, 200_000]) {
      const res = await rawPut(url, `{"provisioning":${nested(n)}}`);
      expect(res.statusCode, String(n)).toBe(400);
      expect(description(res)).toBe(ownMessages.jsonTooDeep('Provisioning', MAX_JSON_DEPTH));
    }
    // The prototype-poisoning scan of the JSON parser runs when the text names a constructor.
    const res = await rawPut(url, `{"provisioning":{"constructor":1,"x":${nested(200_000)}}}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('keys inherited by every object', () => {
  it('are unknown fields, on create and on update', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      await expectError(c.post('/api/type', { name: `t ${key}`, team_id: ids.team, [key]: 'x' }), 400, ownMessages.unknownField(key));
      await expectError(c.put(`/api/type/${ids.type}`, { [key]: 'x' }), 400, ownMessages.unknownField(key));
    }
    expect((await c.get('/api/type?fields=name')).json().json_list).not.toContainEqual({ name: 't constructor' });
  });

  it('__proto__ in a body or a filter is refused', async () => {
    const res = await rawPut(`/api/type/${ids.type}`, '{"__proto__":{"name":"polluted"}}');
    expect(res.statusCode).toBe(400);
    const filter = await c.get(`/api/type?filter=${encodeURIComponent('{"__proto__":{"team_id":1}}')}`);
    expect(filter.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });
});

describe('concurrent creates of the same unique value', () => {
  // On PostgreSQL these race past the check before the write and meet the UNIQUE constraint.
  const race = async (url: string, body: unknown) => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.post(url, body)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    return answers.filter((r) => r.statusCode === 409).map((r) => description(r));
  };

  it('answer one 201 and 409s with the spec message, never a 500', async () => {
    for (const d of await race('/api/devices_group', { name: 'raced', team_id: ids.team, type_id: ids.type })) {
      expect(d).toBe(messages.nameNotUnique('raced'));
    }
    for (const d of await race('/api/firmware', { name: 'rfw', version: '9.9.9', team_id: ids.team, type_id: ids.type })) {
      expect(d).toBe(messages.firmwareNotUnique('rfw', '9.9.9'));
    }
    const devices = await Promise.all(
      Array.from({ length: 8 }, (_, i) => c.post('/api/device', { name: `racer ${i}`, team_id: ids.team, type_id: ids.type, uid_for_type: 'RACE-UID' })),
    );
    expect(devices.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of devices.filter((x) => x.statusCode === 409)) expect(description(r)).toContain('device_uid_per_type_key');
  });
});

describe('the error handler net for database data errors', () => {
  it('maps SQLSTATE class 22 (data exception) and stack depth to a 400, nothing else', () => {
    expect(clientDataError({ code: '22021' })).toBe(true);
    expect(clientDataError({ code: '22P05' })).toBe(true);
    expect(clientDataError({ code: '22003' })).toBe(true);
    expect(clientDataError({ code: '54001' })).toBe(true);
    expect(clientDataError({ code: '42P01' })).toBe(false);
    expect(clientDataError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })).toBe(false);
    expect(clientDataError(new Error('x'))).toBe(false);
    expect(clientDataError(null)).toBe(false);
  });

  it('maps a deadlock or a serialization failure to a 409 that asks to try again', async () => {
    const { concurrencyError } = await import('../../server/http/dbErrorNet');
    expect(concurrencyError({ code: '40P01' })).toBe(true);
    expect(concurrencyError({ code: '40001' })).toBe(true);
    expect(concurrencyError({ code: '23505' })).toBe(false);
  });

  it('the app answers them 400 and 409 with a Description; other errors stay 500', async () => {
    const app = await buildApp({ db: t.db, config: t.config });
    const codes: Record<string, string> = { data: '22021', depth: '54001', deadlock: '40P01', other: '42P01' };
    app.get('/api/review_boom/:what', { config: { public: true } }, async (request) => {
      throw Object.assign(new Error('from the database'), { code: codes[(request.params as { what: string }).what] });
    });
    try {
      const answer = async (what: string) => {
        const res = await api(app).get(`/api/review_boom/${what}`);
        return [res.statusCode, description(res)];
      };
      expect(await answer('data')).toEqual([400, ownMessages.valueNotStorable]);
      expect(await answer('depth')).toEqual([400, ownMessages.valueNotStorable]);
      expect(await answer('deadlock')).toEqual([409, ownMessages.concurrentChange]);
      expect(await answer('other')).toEqual([500, ownMessages.internalError]);
    } finally {
      await app.close();
    }
  });
});
