/**
 * Documents and collections hold whoever asks and whatever is sent: a signed-in user of another
 * team, a member who is no admin, a user of two teams, odd input (link schemes, image sniffing
 * tricks, file names, multipart shapes) and races between uploads, deletes and collection writes.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, description, expectError, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { MAX_REF_LIST } from '../../src/schemas/kinds';
import { multipartBody, sha3, storeFiles } from './firmwareFilesHelpers';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let other: Awaited<ReturnType<typeof adminWithTeam>>;
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ PUCS_MAX_UPLOAD_MB: '1' });
  ({ client: c, cookie, teamId: team } = await adminWithTeam(t, 'owner'));
  other = await adminWithTeam(t, 'intruder');
});
afterAll(async () => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const headers = (as: string) => ({ cookie: as, ...CSRF_HEADER });
const upload = (id: number, bytes: Buffer, filename = 'manual.pdf', as = cookie) => {
  const body = multipartBody('document', filename, bytes);
  return t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload: body.payload, headers: { ...body.headers, ...headers(as) } });
};
const download = (id: number, as = cookie) => t.app.inject({ method: 'GET', url: `/api/download/document/${id}`, headers: { cookie: as } });
const stored = async (key: string, id: number) => (await c.get(`/api/${key}/${id}`)).json() as Record<string, unknown>;
const tmpFiles = () => readdirSync(join(t.config.filesDir, 'tmp'));

async function doc(extra: Record<string, unknown> = {}, client = c, teamId = team): Promise<number> {
  made++;
  return (await createOk(client, 'basic_document', { name: `hidden doc ${made}`, team_id: teamId, content: `text ${made}`, ...extra })).id as number;
}
async function collection(docs: unknown[], client = c, teamId = team): Promise<number> {
  made++;
  return (await createOk(client, 'documents_collection', { name: `hidden coll ${made}`, team_id: teamId, basic_docs_list: docs })).id as number;
}
async function typeOf(name: string, client = c, teamId = team): Promise<number> {
  return (await createOk(client, 'type', { name, team_id: teamId })).id as number;
}

describe('another team', () => {
  it("cannot read, list, filter or search a team's documents and collections", async () => {
    const secret = await doc({ name: 'secret wiring', content: 'the secret' });
    const coll = await collection([{ id: secret }]);
    for (const url of [
      `/api/full/basic_document?team_id=${team}`,
      '/api/full/basic_document?q=secret',
      '/api/full/basic_document?doc_type=text&fields=id,name,used_in',
      `/api/full/basic_document?filter={"team_id":${team}}`,
      `/api/full/documents_collection?team_id=${team}`,
      '/api/full/documents_collection?q=hidden&fields=id,name,basic_docs_list',
      `/api/full/documents_collection?filter={"id":${coll}}`,
    ]) {
      const res = await other.client.get(url);
      expect(res.body, url).not.toContain('secret');
      expect(res.body, url).not.toContain('hidden coll');
    }
    for (const url of [`/api/full/basic_document/${secret}?fields=used_in`, `/api/documents_collection/${coll}`, `/api/full/documents_collection/${coll}`]) {
      await expectError(other.client.get(url), 404, ownMessages.notFound);
    }
  });

  it("cannot write another team's documents or collections, nor upload or download their files, answering as for an unknown id", async () => {
    const mine = await doc({ doc_type: 'file', content: '' });
    expect((await upload(mine, randomBytes(50))).statusCode).toBe(200);
    const coll = await collection([{ id: mine }]);
    for (const id of [mine, 987_654]) {
      await expectError(other.client.put(`/api/basic_document/${id}`, { name: 'taken' }), 404, ownMessages.notFound);
      await expectError(other.client.del(`/api/basic_document/${id}`), 404, ownMessages.notFound);
      const up = await upload(id, PNG, 'x.png', other.cookie);
      const down = await download(id, other.cookie);
      expect([up.statusCode, up.body, down.statusCode, down.body]).toEqual([404, JSON.stringify({ Description: ownMessages.notFound }), 404, JSON.stringify({ Description: ownMessages.notFound })]);
    }
    await expectError(other.client.put(`/api/documents_collection/${coll}`, { basic_docs_list: [] }), 404, ownMessages.notFound);
    expect((await stored('documents_collection', coll)).basic_docs_list).toEqual([{ id: mine }]);
  });

  it("cannot list a team's document in its own collection, nor hold the team's collection, on create and update", async () => {
    const mine = await doc();
    const myColl = await collection([{ id: mine }]);
    const notFound = ownMessages.referenceNotFound('Documents');
    for (const list of [[{ id: mine }], [mine], [String(mine)]]) {
      const res = await other.client.post('/api/documents_collection', { name: 'stolen', team_id: other.teamId, basic_docs_list: list });
      expect(res.statusCode).toBe(400);
    }
    const theirColl = await collection([], other.client, other.teamId);
    await expectError(other.client.put(`/api/documents_collection/${theirColl}`, { basic_docs_list: [{ id: mine }] }), 400, notFound);
    const theirType = await typeOf('intruder type', other.client, other.teamId);
    await expectError(other.client.put(`/api/type/${theirType}`, { documents_collection_id: myColl }), 400, ownMessages.referenceNotFound('Documentation'));
    await expectError(other.client.post('/api/type', { name: 'intruder type 2', team_id: other.teamId, documents_collection_id: myColl }), 400, ownMessages.referenceNotFound('Documentation'));
    expect((await other.client.get(`/api/full/type/${theirType}?fields=basic_docs_list`)).json()).toMatchObject({ basic_docs_list: [] });
  });

  it("is never named by a delete refusal or a 'Used in', even through lists stored across teams", async () => {
    const mine = await doc({ name: 'Shared manual' });
    const theirType = await typeOf('their hidden type', other.client, other.teamId);
    const theirColl = await collection([], other.client, other.teamId);
    await other.client.put(`/api/type/${theirType}`, { documents_collection_id: theirColl });
    // Written behind the API's back: their collection lists my document.
    await t.db.query('UPDATE documents_collection SET basic_docs_list = $1::jsonb WHERE id = $2', [JSON.stringify([{ id: mine }]), theirColl]);
    expect((await c.get(`/api/full/basic_document/${mine}?fields=used_in`)).body).not.toContain('their hidden type');
    expect((await other.client.get(`/api/full/type/${theirType}?fields=basic_docs_list`)).json()).toMatchObject({ basic_docs_list: [] });
    const res = await c.del(`/api/basic_document/${mine}`);
    expect(res.body).not.toContain('their hidden');
    expect(res.body).not.toContain('hidden coll');
  });
});

describe('one file held by two teams', () => {
  it("stays in the store for the team still holding it, whatever the other team deletes or replaces", async () => {
    const bytes = randomBytes(1000);
    const mine = await doc({ doc_type: 'file', content: '' });
    const theirs = await doc({ doc_type: 'file', content: '' }, other.client, other.teamId);
    expect((await upload(mine, bytes)).statusCode).toBe(200);
    expect((await upload(theirs, bytes, 'same.bin', other.cookie)).statusCode).toBe(200);
    // Theirs turned Text holds its file unserved: my delete must not take it away.
    expect((await other.client.put(`/api/basic_document/${theirs}`, { doc_type: 'text', content: 'for now' })).statusCode).toBe(200);
    expect((await c.del(`/api/basic_document/${mine}`)).statusCode).toBe(200);
    expect(storeFiles(t.config.filesDir)).toContain(sha3(bytes));
    expect((await other.client.put(`/api/basic_document/${theirs}`, { doc_type: 'file' })).statusCode).toBe(200);
    expect((await download(theirs, other.cookie)).rawPayload.equals(bytes)).toBe(true);
    expect((await upload(theirs, randomBytes(10), 'other.bin', other.cookie)).statusCode).toBe(200);
    expect(storeFiles(t.config.filesDir)).not.toContain(sha3(bytes));
  });
});

describe('a user of two teams', () => {
  it('cannot mix the teams: a collection lists its own team\'s documents, an object holds its own team\'s collection', async () => {
    const both = await memberOf(t, 'two-hats', [team, other.teamId]);
    const a = await doc();
    const b = await doc({}, other.client, other.teamId);
    const otherTeam = ownMessages.referenceOtherTeam('Documents');
    await expectError(both.post('/api/documents_collection', { name: 'mixed', team_id: team, basic_docs_list: [{ id: a }, { id: b }] }), 400, otherTeam);
    const collA = await collection([{ id: a }], both);
    await expectError(both.put(`/api/documents_collection/${collA}`, { basic_docs_list: [{ id: a }, { id: b }] }), 400, otherTeam);
    const typeB = await typeOf('type of B', both, other.teamId);
    await expectError(both.put(`/api/type/${typeB}`, { documents_collection_id: collA }), 400, ownMessages.referenceOtherTeam('Documentation'));
    expect(await stored('documents_collection', collA)).toMatchObject({ basic_docs_list: [{ id: a }] });
  });

  it("sees in 'Used in' and in a delete refusal only the document's own team, even for lists stored across teams", async () => {
    const both = await memberOf(t, 'sees-both', [team, other.teamId]);
    const a = await doc({ name: 'Team A manual' });
    const typeB = await typeOf('team B user', other.client, other.teamId);
    const collB = await collection([], other.client, other.teamId);
    await other.client.put(`/api/type/${typeB}`, { documents_collection_id: collB });
    await t.db.query('UPDATE documents_collection SET basic_docs_list = $1::jsonb WHERE id = $2', [JSON.stringify([a]), collB]);
    expect((await both.get(`/api/full/basic_document/${a}?fields=used_in`)).json()).toMatchObject({ used_in: { type: [] } });
    expect((await both.get(`/api/full/type/${typeB}?fields=basic_docs_list`)).json()).toMatchObject({ basic_docs_list: [] });
    const listed = (await both.get(`/api/full/type?fields=id,basic_docs_list`)).json() as { json_list: { id: number; basic_docs_list: unknown[] }[] };
    expect(listed.json_list.find((x) => x.id === typeB)?.basic_docs_list).toEqual([]);
  });

  it("cannot move a listed document or a collection holding documents to the other team", async () => {
    const both = await memberOf(t, 'mover', [team, other.teamId]);
    const a = await doc();
    const coll = await collection([{ id: a }], both);
    const moveDoc = await both.put(`/api/basic_document/${a}`, { team_id: other.teamId });
    expect(moveDoc.statusCode, moveDoc.body).toBe(409);
    const moveColl = await both.put(`/api/documents_collection/${coll}`, { team_id: other.teamId });
    expect(moveColl.statusCode, moveColl.body).toBe(400);
    expect(await stored('documents_collection', coll)).toMatchObject({ team_id: team, basic_docs_list: [{ id: a }] });
    expect(await stored('basic_document', a)).toMatchObject({ team_id: team });
  });
});

describe('a member who is not admin', () => {
  it('reads the documentation but cannot change documents, collections or what an object holds', async () => {
    const member = await memberOf(t, 'plain-member', [team], ROLE.USER);
    const d = await doc({ doc_type: 'file', content: '' });
    const coll = await collection([{ id: d }]);
    const type = await typeOf('member type');
    expect((await member.get(`/api/full/basic_document/${d}?fields=used_in`)).statusCode).toBe(200);
    for (const res of [
      member.post('/api/basic_document', { name: 'by member', team_id: team, content: 'x' }),
      member.put(`/api/basic_document/${d}`, { doc_type: 'text', content: 'x' }),
      member.del(`/api/basic_document/${d}`),
      member.post('/api/documents_collection', { name: 'by member', team_id: team, basic_docs_list: [] }),
      member.put(`/api/documents_collection/${coll}`, { basic_docs_list: [] }),
      member.put(`/api/type/${type}`, { documents_collection_id: coll }),
    ]) {
      expect((await res).statusCode).toBe(403);
    }
    expect(await stored('documents_collection', coll)).toMatchObject({ basic_docs_list: [{ id: d }] });
  });
});

describe('duplicates in a collection', () => {
  it.each([
    ['the same id twice', (id: number) => [id, id]],
    ['an id and its entry', (id: number) => [id, { id }]],
    ['an id and its text', (id: number) => [id, String(id)]],
    ['an entry and an entry of its text', (id: number) => [{ id }, { id: String(id) }]],
  ])('refuses %s, on create and update', async (_, list) => {
    const d = await doc();
    const res = await c.post('/api/documents_collection', { name: `dup ${made}`, team_id: team, basic_docs_list: list(d) });
    expect(res.statusCode, res.body).toBe(400);
    const coll = await collection([]);
    expect((await c.put(`/api/documents_collection/${coll}`, { basic_docs_list: list(d) })).statusCode).toBe(400);
    expect((await stored('documents_collection', coll)).basic_docs_list).toEqual([]);
  });
});

describe('odd entries in a collection', () => {
  it.each([
    ['zero', 0],
    ['a negative id', -1],
    ['a fraction', 1.5],
    ['an id past int4', 2 ** 31],
    ['a text that is no number', '5abc'],
    ['a nested entry', { id: { id: 1 } }],
    ['an entry with more keys', { id: 1, name: 'x' }],
    ['null', null],
    ['a list', [1]],
  ])('refuses %s without a server error', async (_, entry) => {
    const res = await c.post('/api/documents_collection', { name: `odd ${made++}`, team_id: team, basic_docs_list: [entry] });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses a list longer than the limit, and many unknown ids, with 400', async () => {
    const tooLong = Array.from({ length: MAX_REF_LIST + 1 }, (_, i) => ({ id: i + 1 }));
    expect((await c.post('/api/documents_collection', { name: 'too long', team_id: team, basic_docs_list: tooLong })).statusCode).toBe(400);
    const unknown = Array.from({ length: MAX_REF_LIST }, (_, i) => ({ id: 500_000 + i }));
    await expectError(c.post('/api/documents_collection', { name: 'unknown ids', team_id: team, basic_docs_list: unknown }), 400, ownMessages.referenceNotFound('Documents'));
  });

  it('answers filters on the list and through fields of the documents tables without a server error', async () => {
    const d = await doc();
    await collection([{ id: d }]);
    for (const url of [
      `/api/full/documents_collection?basic_docs_list=${d}`,
      `/api/full/documents_collection?filter={"basic_docs_list":[${d}]}`,
      `/api/full/basic_document?used_in=1`,
      `/api/full/basic_document?filter={"used_in":{"type":[]}}`,
      '/api/full/basic_document?sort=["used_in","ASC"]',
      '/api/full/documents_collection?sort=["basic_docs_list","DESC"]',
      '/api/full/basic_document?fields=used_in,used_in',
      '/api/full/type?fields=basic_docs_list&q=%27%3B--',
    ]) {
      expect((await c.get(url)).statusCode, url).toBeLessThan(500);
    }
  });
});

describe('link documents', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '  https://example.com',
    'https://example.com\n',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    'http:/x',
    'http:x',
    'https://',
    'file:///etc/passwd',
    'java\tscript:alert(1)',
    'http://exa mple.com',
    'vbscript:msgbox(1)',
  ])('refuses %j, on create and update', async (link) => {
    await expectError(c.post('/api/basic_document', { name: `link ${made++}`, team_id: team, doc_type: 'link', content: link }), 400, ownMessages.linkNotHttp);
    const ok = await doc({ doc_type: 'link', content: 'https://example.com/a' });
    await expectError(c.put(`/api/basic_document/${ok}`, { content: link }), 400, ownMessages.linkNotHttp);
    // A text turned link checks its stored content.
    const text = await doc({ content: link.trim() === '' ? 'x' : link });
    if (link.trim() !== '') await expectError(c.put(`/api/basic_document/${text}`, { doc_type: 'link' }), 400, ownMessages.linkNotHttp);
    expect(await stored('basic_document', ok)).toMatchObject({ content: 'https://example.com/a' });
  });

  it('refuses content over its limit without storing it', async () => {
    const res = await c.post('/api/basic_document', { name: 'huge', team_id: team, doc_type: 'text', content: 'x'.repeat(1_000_001) });
    expect(res.statusCode).toBe(400);
    const list = (await c.get('/api/full/basic_document?fields=name')).json() as { json_list: { name: string }[] };
    expect(list.json_list.map((d) => d.name)).not.toContain('huge');
  });
});

describe('image sniffing', () => {
  it.each([
    ['an SVG named .png', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['HTML named .gif', Buffer.from('<html><script>alert(1)</script></html>')],
    ['a truncated PNG signature', PNG.subarray(0, 4)],
    ['a PNG signature one byte short', PNG.subarray(0, 7)],
    ['RIFF without WEBP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('AVI LIST')])],
    ['RIFF cut before its form type', Buffer.from('RIFF\x01\x00\x00\x00WEB')],
    ['GIF88a', Buffer.from('GIF88a...........')],
    ['a BOM before a PNG signature', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), PNG, randomBytes(20)])],
    ['zero bytes', Buffer.alloc(64)],
  ])('refuses %s for an Image document', async (_, bytes) => {
    const id = await doc({ doc_type: 'image', content: '' });
    await expectError(upload(id, bytes, 'picture.png'), 400, ownMessages.imageNotSupported);
    expect(await stored('basic_document', id)).toMatchObject({ filename: null, file_hash: null });
    expect(storeFiles(t.config.filesDir)).not.toContain(sha3(bytes));
    expect(tmpFiles()).toEqual([]);
  });

  it('serves a PNG signature followed by HTML as a PNG, never as a page', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const id = await doc({ doc_type: 'image', content: '' });
    expect((await upload(id, polyglot, 'page.html')).statusCode).toBe(200);
    const got = await download(id);
    expect([got.headers['content-type'], got.headers['x-content-type-options']]).toEqual(['image/png', 'nosniff']);
    expect(got.headers['content-disposition']).toBe('inline; filename="page.html"');
  });

  it('serves a File document\'s image or SVG as an attachment of no type, whatever the upload claimed', async () => {
    const id = await doc({ doc_type: 'file', content: '' });
    const boundary = 'pucsliar';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="x.svg"\r\nContent-Type: image/svg+xml\r\n\r\n${svg}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers(cookie) } });
    expect(res.statusCode, res.body).toBe(200);
    for (const bytes of [null, Buffer.concat([PNG, randomBytes(30)])]) {
      if (bytes) expect((await upload(id, bytes, 'photo.png')).statusCode).toBe(200);
      const got = await download(id);
      expect([got.headers['content-type'], got.headers['x-content-type-options']]).toEqual(['application/octet-stream', 'nosniff']);
      expect(String(got.headers['content-disposition'])).toMatch(/^attachment; /);
    }
  });

  it('keeps a held PDF from turning Image through Text, and File -> Text -> File keeps serving it as an attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4 not an image');
    const id = await doc({ doc_type: 'file', content: '' });
    expect((await upload(id, pdf, 'manual.pdf')).statusCode).toBe(200);
    expect((await c.put(`/api/basic_document/${id}`, { doc_type: 'text', content: 'now text' })).statusCode).toBe(200);
    await expectError(c.put(`/api/basic_document/${id}`, { doc_type: 'image' }), 400, ownMessages.imageNotSupported);
    await expectError(c.put(`/api/basic_document/${id}`, { doc_type: 'link', content: 'https://example.com' }).then(() => c.put(`/api/basic_document/${id}`, { doc_type: 'image' })), 400, ownMessages.imageNotSupported);
    expect(await stored('basic_document', id)).toMatchObject({ doc_type: 'link' });
    expect((await c.put(`/api/basic_document/${id}`, { doc_type: 'file' })).statusCode).toBe(200);
    const got = await download(id);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-disposition']).toBe('attachment; filename="manual.pdf"');
  });
});

describe('uploaded file names and multipart shapes', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['..', 'document.bin'],
    ['a\u0001b\u007fc\u202ed.pdf', 'abcd.pdf'],
    ['   ', 'document.bin'],
    [`${'n'.repeat(400)}.pdf`, 'n'.repeat(255)],
  ])('stores %j as %j', async (raw, name) => {
    const id = await doc({ doc_type: 'file', content: '' });
    const res = await upload(id, randomBytes(20), raw);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ filename: name });
    const disposition = String((await download(id)).headers['content-disposition']);
    expect(disposition.startsWith('attachment; filename="')).toBe(true);
    expect(disposition).not.toMatch(/[\r\n]/);
  });

  it('answers odd ids, a signed-out caller and a missing CSRF header without touching the document', async () => {
    const id = await doc({ doc_type: 'file', content: '' });
    const body = multipartBody('document', 'x.bin', randomBytes(5));
    for (const odd of ['1abc', '-1', '0', '99999999999', '1.5', '%2e%2e']) {
      const up = await t.app.inject({ method: 'POST', url: `/api/upload/document/${odd}`, payload: body.payload, headers: { ...body.headers, ...headers(cookie) } });
      const got = await t.app.inject({ method: 'GET', url: `/api/download/document/${odd}`, headers: { cookie } });
      expect([400, 404], `upload ${odd}`).toContain(up.statusCode);
      expect([400, 404], `download ${odd}`).toContain(got.statusCode);
    }
    const signedOut = await t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload: body.payload, headers: { ...body.headers, ...CSRF_HEADER } });
    expect(signedOut.statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload: body.payload, headers: { ...body.headers, cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/download/document/${id}` })).statusCode).toBe(401);
    expect(await stored('basic_document', id)).toMatchObject({ filename: null });
    expect(tmpFiles()).toEqual([]);
  });

  it('quotes a name that holds quotes and backslashes in the download header', async () => {
    const id = await doc({ doc_type: 'file', content: '' });
    // Browsers send the name's quotes as %22 (WHATWG multipart/form-data).
    expect((await upload(id, randomBytes(20), 'a%22; filename=%22evil.html')).json()).toMatchObject({ filename: 'a"; filename="evil.html' });
    expect((await download(id)).headers['content-disposition']).toBe('attachment; filename="a\\"; filename=\\"evil.html"');
  });

  it('takes the first of two file parts, refuses a wrong part name, and leaves nothing behind either way', async () => {
    const id = await doc({ doc_type: 'file', content: '' });
    const boundary = 'pucstwo';
    const part = (name: string, filename: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${body}\r\n`;
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers(cookie) } });
    const two = await send(`${part('document', 'one.txt', 'first')}${part('document', 'two.txt', 'second')}--${boundary}--\r\n`);
    expect(two.statusCode, two.body).toBe(200);
    expect((await download(id)).body).toBe('first');
    await expectError(send(`${part('documents', 'x.txt', 'x')}--${boundary}--\r\n`), 400, ownMessages.uploadPartMissing('document'));
    const cut = await send(part('document', 'cut.txt', 'never closed').slice(0, -2));
    expect(cut.statusCode).toBe(400);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a file over the limit with 413, also when the length is not announced', async () => {
    const id = await doc({ doc_type: 'file', content: '' });
    const bytes = randomBytes(2 ** 20 + 10);
    const body = multipartBody('document', 'big.bin', bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/upload/document/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...headers(cookie), 'transfer-encoding': 'chunked' },
    });
    expect(res.statusCode).toBe(413);
    expect(await stored('basic_document', id)).toMatchObject({ filename: null });
    expect(tmpFiles()).toEqual([]);
  });
});

describe('races', () => {
  it('two uploads at once to one document: one wins, the store keeps only its file', async () => {
    const id = await doc({ doc_type: 'file', content: '' });
    const [a, b] = [randomBytes(40_000), randomBytes(40_000)];
    const results = await Promise.all([upload(id, a, 'a.bin'), upload(id, b, 'b.bin')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const final = await stored('basic_document', id);
    const winner = final.file_hash === sha3(a) ? a : b;
    expect(final.file_hash).toBe(sha3(winner));
    expect((await download(id)).rawPayload.equals(winner)).toBe(true);
    const files = storeFiles(t.config.filesDir);
    expect(files).toContain(sha3(winner));
    expect(files).not.toContain(sha3(winner === a ? b : a));
    expect(tmpFiles()).toEqual([]);
  });

  it('an upload racing a delete of its document leaves no file in the store once the document is gone', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await doc({ doc_type: 'file', content: '' });
      const bytes = randomBytes(30_000);
      const [up, del] = await Promise.all([upload(id, bytes), c.del(`/api/basic_document/${id}`)]);
      expect(del.statusCode).toBe(200);
      expect([200, 404]).toContain(up.statusCode);
      expect(storeFiles(t.config.filesDir)).not.toContain(sha3(bytes));
      expect(tmpFiles()).toEqual([]);
    }
  });

  it('an upload of a non-image racing a change to Image never leaves an Image document holding a non-image', async () => {
    for (let round = 0; round < 4; round++) {
      const id = await doc({ doc_type: 'file', content: '' });
      expect((await upload(id, Buffer.concat([PNG, randomBytes(40)]), 'ok.png')).statusCode).toBe(200);
      const text = Buffer.from(`<html>round ${round}</html>`);
      await Promise.all([upload(id, text, 'page.png'), c.put(`/api/basic_document/${id}`, { doc_type: 'image' })]);
      const now = await stored('basic_document', id);
      if (now.doc_type === 'image') expect(now.file_hash).not.toBe(sha3(text));
      const got = await download(id);
      if (got.headers['content-disposition']?.toString().startsWith('inline')) expect(got.headers['content-type']).toBe('image/png');
    }
  });

  it('a delete racing a collection adding the document: never a collection listing a deleted document', async () => {
    for (let round = 0; round < 4; round++) {
      const d = await doc();
      const coll = await collection([]);
      const write = round % 2 === 0 ? () => c.put(`/api/documents_collection/${coll}`, { basic_docs_list: [{ id: d }] }) : () => c.post('/api/documents_collection', { name: `racing ${made++}`, team_id: team, basic_docs_list: [{ id: d }] });
      const [del, added] = await Promise.all([c.del(`/api/basic_document/${d}`), write()]);
      const gone = (await c.get(`/api/basic_document/${d}`)).statusCode === 404;
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM documents_collection WHERE basic_docs_list @> $1::jsonb`,
        [JSON.stringify([{ id: d }])],
      );
      const addedOk = added.statusCode === 200 || added.statusCode === 201;
      expect(gone ? [del.statusCode, addedOk, rows[0].n] : [del.statusCode, addedOk, rows[0].n]).toEqual(gone ? [200, false, 0] : [409, true, 1]);
      if (gone) expect(added.statusCode).toBe(400);
    }
  });

  it("a document moving to another team while a collection adds it: the collection never lists another team's document", async () => {
    const both = await memberOf(t, 'racing-mover', [team, other.teamId]);
    for (let round = 0; round < 4; round++) {
      const d = await doc();
      const coll = await collection([]);
      const [moved, added] = await Promise.all([
        both.put(`/api/basic_document/${d}`, { team_id: other.teamId }),
        both.put(`/api/documents_collection/${coll}`, { basic_docs_list: [{ id: d }] }),
      ]);
      const { rows } = await t.db.query<{ team_id: number }>('SELECT team_id FROM basic_document WHERE id = $1', [d]);
      const list = (await stored('documents_collection', coll)).basic_docs_list;
      if (rows[0].team_id === team) expect([moved.statusCode, added.statusCode, list]).toEqual([409, 200, [{ id: d }]]);
      else expect([moved.statusCode, added.statusCode, list]).toEqual([200, 400, []]);
    }
  });

  it('an object taking a collection while the collection is deleted never holds a deleted collection', async () => {
    for (let round = 0; round < 3; round++) {
      const type = await typeOf(`racing type ${round}`);
      const coll = await collection([{ id: await doc() }]);
      const [del, held] = await Promise.all([c.del(`/api/documents_collection/${coll}`), c.put(`/api/type/${type}`, { documents_collection_id: coll })]);
      // Deleting a collection detaches it from its objects: taken before, it is let go; after, the reference is refused.
      expect(del.statusCode).toBe(200);
      expect([200, 400]).toContain(held.statusCode);
      expect((await stored('type', type)).documents_collection_id).toBeNull();
    }
  });

  it('concurrent assigns of one document to several objects each end with a collection listing it once', async () => {
    const d = await doc({ name: 'assigned everywhere' });
    const types = await Promise.all([1, 2, 3, 4].map((n) => typeOf(`assign target ${n}`)));
    await Promise.all(
      types.map(async (type, n) => {
        const coll = (await createOk(c, 'documents_collection', { name: `Documentation for type ${n}`, team_id: team, basic_docs_list: [{ id: d }] })).id;
        expect((await c.put(`/api/type/${type}`, { documents_collection_id: coll })).statusCode).toBe(200);
      }),
    );
    const used = (await c.get(`/api/full/basic_document/${d}?fields=used_in`)).json() as { used_in: { type: { id: number }[] } };
    expect(used.used_in.type.map((x) => x.id).sort()).toEqual([...types].sort());
    expect(description(await c.del(`/api/basic_document/${d}`))).toContain('assigned everywhere');
  });
});
