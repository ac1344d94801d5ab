/**
 * Firmware files through the API (spec sections 4 and 7): upload checked against the announced
 * SHA3-256, stored once per content, downloaded with RFC 6266 names, Range and ETag; refused
 * uploads store nothing; the file's hash is fixed once uploaded; a shared file outlives one delete.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { filenameFromContentDisposition } from '../../src/dataProvider/download';
import { readConfig } from '../../server/config';
import { startupProblems } from '../../server/runtime/startupChecks';
import { adminWithTeam, api, createTestApp, createUser, description, expectError, ROLE, signIn, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { firmwareFor, multipartBody, sha3, storeFiles, uploader } from './firmwareFilesHelpers';
import { CSRF_HEADER } from '../../src/csrf';

const MAX_MB = 1;
const filesDir = mkdtempSync(join(tmpdir(), 'pucs-files-'));
let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let type: number;
let upload: ReturnType<typeof uploader>;

beforeAll(async () => {
  t = await createTestApp({ PUCS_FILES_DIR: filesDir, PUCS_MAX_UPLOAD_MB: String(MAX_MB) });
  const a = await adminWithTeam(t, 'flasher');
  ({ client: c, cookie, teamId: team } = a);
  type = (await createOk(c, 'type', { name: 'board', team_id: team })).id as number;
  upload = uploader(t.app, cookie);
});
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const get = async (id: number) => (await c.get(`/api/firmware/${id}`)).json() as Record<string, unknown>;
const download = (id: number, headers: Record<string, string> = {}, client = cookie) =>
  t.app.inject({ method: 'GET', url: `/api/download/firmware/${id}?r=x1`, headers: { cookie: client, ...headers } });
const noFile = { filename: null, size: null };

describe('POST /api/upload/firmware/{id}', () => {
  it('stores the file: the download gives the same bytes, and the firmware its name, size, date and hash', async () => {
    const bytes = randomBytes(300_000);
    const id = await firmwareFor(c, team, type, bytes);
    const before = Date.now();
    const res = await upload(id, bytes, 'board-1.0.0.bin');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual(await get(id));
    expect(answer).toMatchObject({ filename: 'board-1.0.0.bin', size: bytes.length, firmware_hash: sha3(bytes) });
    expect(Date.parse(answer.date as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(storeFiles(filesDir)).toContain(sha3(bytes));
    expect(readdirSync(join(filesDir, 'tmp'))).toEqual([]);

    const got = await download(id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-length']).toBe(String(bytes.length));
    expect(got.headers.etag).toBe(`"${sha3(bytes)}"`);
    expect(got.headers['accept-ranges']).toBe('bytes');
    expect(got.headers['content-disposition']).toBe('attachment; filename="board-1.0.0.bin"');
  });

  it('refuses bytes whose hash is not the announced one, naming both, and stores nothing', async () => {
    const announced = randomBytes(1000);
    const sent = randomBytes(1000);
    const id = await firmwareFor(c, team, type, announced);
    const res = await upload(id, sent);
    expect(res.statusCode).toBe(400);
    expect(description(res)).toBe(ownMessages.fileHashMismatch(sha3(announced).slice(0, 12), sha3(sent).slice(0, 12)));
    expect(await get(id)).toMatchObject({ ...noFile, firmware_hash: sha3(announced) });
    expect(storeFiles(filesDir)).not.toContain(sha3(sent));
    expect(readdirSync(join(filesDir, 'tmp'))).toEqual([]);
    expect((await download(id)).statusCode).toBe(404);
  });

  it('refuses an upload before the hash is announced', async () => {
    const id = await firmwareFor(c, team, type, undefined);
    await expectError(upload(id, randomBytes(10)), 400, ownMessages.fileHashMissing);
  });

  it('refuses a second upload with 409 and keeps the first file', async () => {
    const bytes = randomBytes(2000);
    const id = await firmwareFor(c, team, type, bytes);
    expect((await upload(id, bytes, 'first.bin')).statusCode).toBe(200);
    await expectError(upload(id, bytes, 'second.bin'), 409, ownMessages.fileAlreadyUploaded);
    expect(await get(id)).toMatchObject({ filename: 'first.bin', size: 2000 });
    expect((await download(id)).rawPayload.equals(bytes)).toBe(true);
  });

  it('of two uploads at once, one wins and the other answers 409, leaving no temporary file', async () => {
    const bytes = randomBytes(200_000);
    const id = await firmwareFor(c, team, type, bytes);
    const answers = await Promise.all([upload(id, bytes, 'one.bin'), upload(id, bytes, 'two.bin')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().filename;
    expect(await get(id)).toMatchObject({ filename: winner, size: bytes.length });
    expect(readdirSync(join(filesDir, 'tmp'))).toEqual([]);
  });

  it('refuses a file over PUCS_MAX_UPLOAD_MB with 413 and stores nothing', async () => {
    const bytes = randomBytes(MAX_MB * 2 ** 20 + 1);
    const id = await firmwareFor(c, team, type, bytes);
    await expectError(upload(id, bytes), 413, ownMessages.uploadTooLarge(MAX_MB));
    expect(await get(id)).toMatchObject(noFile);
    expect(storeFiles(filesDir)).not.toContain(sha3(bytes));
    expect(readdirSync(join(filesDir, 'tmp'))).toEqual([]);
    // A body announced far over the limit is refused before it is read.
    const far = randomBytes(2 * MAX_MB * 2 ** 20);
    await expectError(upload(id, far), 413, ownMessages.uploadTooLarge(MAX_MB));
    expect(await get(id)).toMatchObject(noFile);
    // Exactly the limit is accepted.
    const limit = bytes.subarray(0, MAX_MB * 2 ** 20);
    await c.put(`/api/firmware/${id}`, { firmware_hash: sha3(limit) });
    expect((await upload(id, limit)).statusCode).toBe(200);
  });

  it('keeps the base name of a path, without control characters', async () => {
    const cases: [string, string][] = [
      ['../../etc/pass\u0001wd\u007f.bin', 'passwd.bin'],
      ['..\\..\\win\tdows.bin', 'windows.bin'],
      ['dir/..', 'firmware.bin'],
    ];
    for (const [sent, stored] of cases) {
      const bytes = randomBytes(64);
      const id = await firmwareFor(c, team, type, bytes);
      expect((await upload(id, bytes, sent)).json().filename, sent).toBe(stored);
      expect(filenameFromContentDisposition((await download(id)).headers['content-disposition'] as string)).toBe(stored);
    }
  });

  it('gives a non-ASCII name back through Content-Disposition (filename* with an ASCII fallback)', async () => {
    const name = "Prüfung (v2) 固件's;1%.bin";
    const bytes = randomBytes(64);
    const id = await firmwareFor(c, team, type, bytes);
    expect((await upload(id, bytes, name)).json().filename).toBe(name);
    const header = (await download(id)).headers['content-disposition'] as string;
    expect(header).toMatch(/^attachment; filename="Pr_fung \(v2\) __'s;1%\.bin"; filename\*=UTF-8''[^'\s;]+$/);
    expect(filenameFromContentDisposition(header)).toBe(name);
  });

  it('refuses a body that is not multipart, or lacks the firmware part', async () => {
    const bytes = randomBytes(64);
    const id = await firmwareFor(c, team, type, bytes);
    await expectError(c.post(`/api/upload/firmware/${id}`, {}), 400, ownMessages.uploadNotMultipart);
    await expectError(upload(id, bytes, 'a.bin', 'document'), 400, ownMessages.uploadPartMissing('firmware'));
    expect(await get(id)).toMatchObject(noFile);
  });

  it('answers 404 for a category without a file, as for an unknown id', async () => {
    const headers = { cookie, ...CSRF_HEADER };
    const bytes = randomBytes(8);
    const { payload, headers: form } = multipartBody('firmware', 'x.bin', bytes);
    for (const url of [`/api/upload/type/${type}`, '/api/upload/firmware/999999']) {
      await expectError(t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...form } }), 404, ownMessages.notFound);
    }
    await expectError(download(999999), 404, ownMessages.notFound);
    await expectError(t.app.inject({ method: 'GET', url: `/api/download/type/${type}`, headers }), 404, ownMessages.notFound);
  });
});

it('a PUCS_MAX_UPLOAD_MB that is not a positive number stops the server at start', () => {
  expect(startupProblems(readConfig({ PUCS_MAX_UPLOAD_MB: 'lots' }))).toEqual([ownMessages.invalidSetting('PUCS_MAX_UPLOAD_MB', 'NaN')]);
  expect(startupProblems(readConfig({ PUCS_MAX_UPLOAD_MB: '-1' }))).toEqual([ownMessages.invalidSetting('PUCS_MAX_UPLOAD_MB', '-1')]);
  expect(readConfig({}).maxUploadMb).toBe(4096);
});

describe('who may upload and download', () => {
  it("another team's firmware answers 404 on upload and download, like an unknown id", async () => {
    const bytes = randomBytes(100);
    const id = await firmwareFor(c, team, type, bytes);
    expect((await upload(id, bytes)).statusCode).toBe(200);
    const stranger = await adminWithTeam(t, 'stranger');
    const unknown = await uploader(t.app, stranger.cookie)(999999, bytes);
    const other = await uploader(t.app, stranger.cookie)(id, bytes);
    expect([other.statusCode, other.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(other.statusCode).toBe(404);
    const d = await download(id, {}, stranger.cookie);
    expect([d.statusCode, d.json()]).toEqual([404, { Description: ownMessages.notFound }]);
  });

  it('a member who is not admin may download but not upload', async () => {
    const bytes = randomBytes(100);
    const id = await firmwareFor(c, team, type, bytes);
    const reader = await createUser(t.db, 'reader', 'reader password');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [team, reader, ROLE.USER]);
    const cookieOf = await signIn(t.app, 'reader', 'reader password');
    await expectError(uploader(t.app, cookieOf)(id, bytes), 403, messages.onlyAdminsCanModify);
    expect(await get(id)).toMatchObject(noFile);
    expect((await upload(id, bytes)).statusCode).toBe(200);
    expect((await download(id, {}, cookieOf)).rawPayload.equals(bytes)).toBe(true);
  });

  it('a signed-out caller gets 401, an upload without X-Requested-With 403', async () => {
    const bytes = randomBytes(10);
    const id = await firmwareFor(c, team, type, bytes);
    const { payload, headers } = multipartBody('firmware', 'a.bin', bytes);
    expect((await t.app.inject({ method: 'POST', url: `/api/upload/firmware/${id}`, payload, headers: { ...headers, ...CSRF_HEADER } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/upload/firmware/${id}`, payload, headers: { ...headers, cookie } })).statusCode).toBe(403);
    expect((await api(t.app).get(`/api/download/firmware/${id}`)).statusCode).toBe(401);
    expect(await get(id)).toMatchObject(noFile);
  });
});

describe('GET /api/download/firmware/{id}: Range, If-Range, If-None-Match', () => {
  const bytes = randomBytes(10_000);
  let id: number;
  beforeAll(async () => {
    id = await firmwareFor(c, team, type, bytes);
    expect((await upload(id, bytes)).statusCode).toBe(200);
  });
  const etag = () => `"${sha3(bytes)}"`;

  it('answers one range with 206 and Content-Range', async () => {
    for (const [range, start, end] of [['bytes=100-199', 100, 199], ['bytes=9990-', 9990, 9999], ['bytes=-10', 9990, 9999], ['bytes=9000-20000', 9000, 9999]] as const) {
      const res = await download(id, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 for a range past the end', async () => {
    const res = await download(id, { range: 'bytes=10000-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10000');
  });

  it('serves the range only while If-Range names this file, else the whole file', async () => {
    const same = await download(id, { range: 'bytes=0-9', 'if-range': etag() });
    expect([same.statusCode, same.rawPayload.length]).toEqual([206, 10]);
    const other = await download(id, { range: 'bytes=0-9', 'if-range': '"0000"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 304 to If-None-Match with its ETag', async () => {
    const res = await download(id, { 'if-none-match': `"nope", ${etag()}` });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect((await download(id, { 'if-none-match': '"nope"' })).statusCode).toBe(200);
  });
});

describe('the SHA3-256 field', () => {
  it('is 64 lower-case hex digits', async () => {
    const id = await firmwareFor(c, team, type, undefined);
    for (const bad of ['ABC', 'A'.repeat(64), 'g'.repeat(64), 'a'.repeat(63)]) {
      await expectError(c.put(`/api/firmware/${id}`, { firmware_hash: bad }), 400, ownMessages.hashNotSha3('SHA3-256'));
    }
  });

  it('may change before the upload, not after (409)', async () => {
    const first = randomBytes(50);
    const chosen = randomBytes(50);
    const id = await firmwareFor(c, team, type, first);
    expect((await c.put(`/api/firmware/${id}`, { firmware_hash: sha3(chosen) })).statusCode).toBe(200);
    expect((await upload(id, chosen)).statusCode).toBe(200);
    await expectError(c.put(`/api/firmware/${id}`, { firmware_hash: sha3(first) }), 409, ownMessages.fileHashLocked('SHA3-256'));
    expect((await c.put(`/api/firmware/${id}`, { firmware_hash: sha3(chosen), notes: 'same hash' })).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ firmware_hash: sha3(chosen), notes: 'same hash' });
  });
});

describe('delete', () => {
  it('two firmwares with the same bytes share one file; it goes with the last of them', async () => {
    const bytes = randomBytes(5000);
    const a = await firmwareFor(c, team, type, bytes);
    const b = await firmwareFor(c, team, type, bytes);
    expect((await upload(a, bytes, 'a.bin')).statusCode).toBe(200);
    expect((await upload(b, bytes, 'b.bin')).statusCode).toBe(200);
    expect(storeFiles(filesDir).filter((f) => f === sha3(bytes))).toHaveLength(1);
    expect((await c.del(`/api/firmware/${a}`)).statusCode).toBe(200);
    expect(storeFiles(filesDir)).toContain(sha3(bytes));
    expect((await download(b)).rawPayload.equals(bytes)).toBe(true);
    expect((await c.del(`/api/firmware/${b}`)).statusCode).toBe(200);
    expect(storeFiles(filesDir)).not.toContain(sha3(bytes));
  });

  it('an upload and a delete of the same bytes at once never leave an uploaded firmware without its file', async () => {
    for (let round = 0; round < 5; round++) {
      const bytes = randomBytes(50_000);
      const leaving = await firmwareFor(c, team, type, bytes);
      const coming = await firmwareFor(c, team, type, bytes);
      expect((await upload(leaving, bytes)).statusCode).toBe(200);
      const [deleted, uploaded] = await Promise.all([c.del(`/api/firmware/${leaving}`), upload(coming, bytes)]);
      expect([deleted.statusCode, uploaded.statusCode]).toEqual([200, 200]);
      expect(storeFiles(filesDir)).toContain(sha3(bytes));
      expect((await download(coming)).rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('a firmware that only announced the hash does not keep the file of another one alive', async () => {
    const bytes = randomBytes(500);
    const uploaded = await firmwareFor(c, team, type, bytes);
    await firmwareFor(c, team, type, bytes);
    expect((await upload(uploaded, bytes)).statusCode).toBe(200);
    expect((await c.del(`/api/firmware/${uploaded}`)).statusCode).toBe(200);
    expect(storeFiles(filesDir)).not.toContain(sha3(bytes));
  });
});
