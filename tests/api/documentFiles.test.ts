/**
 * File and Image documents through the API (issue 9, spec sections 2 and 7): uploads to
 * /api/upload/document/{id} in the part 'document', replaced by a later upload, an image taken by
 * its content only (PNG, JPEG, WebP, GIF; never SVG or text named .png), downloads inline for
 * images and as attachments otherwise, and a document turned Image only while its file is one.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { firmwareFor, multipartBody, sha3, storeFiles, uploader } from './firmwareFilesHelpers';
import { CSRF_HEADER } from '../../src/csrf';

const MAX_MB = 1;
let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ PUCS_MAX_UPLOAD_MB: String(MAX_MB) });
  ({ client: c, cookie, teamId: team } = await adminWithTeam(t, 'writer'));
});
afterAll(async () => t.close());

const upload = (id: number, bytes: Buffer, filename = 'manual.pdf', as = cookie) => {
  const { payload, headers } = multipartBody('document', filename, bytes);
  return t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload, headers: { ...headers, cookie: as, ...CSRF_HEADER } });
};
const download = (id: number, as = cookie) => t.app.inject({ method: 'GET', url: `/api/download/document/${id}?r=0.123`, headers: { cookie: as } });
const get = async (id: number) => (await c.get(`/api/basic_document/${id}`)).json() as Record<string, unknown>;
const stored = () => storeFiles(t.config.filesDir);
const tmpFiles = () => readdirSync(join(t.config.filesDir, 'tmp'));
const noFile = { filename: null, size: null, file_hash: null, file_date: null };

async function documentOf(doc_type: string, extra: Record<string, unknown> = {}): Promise<number> {
  made++;
  return (await createOk(c, 'basic_document', { name: `doc ${made}`, team_id: team, doc_type, ...extra })).id as number;
}

/** The first bytes of each accepted image format, then noise: the server reads the content, not the name. */
const IMAGES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0xc8, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(200)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), randomBytes(200)]),
};

describe('POST /api/upload/document/{id}', () => {
  it('stores the file of a File document: name, size, date and hash set, the download an attachment', async () => {
    const id = await documentOf('file');
    const bytes = randomBytes(5000);
    const before = Date.now();
    const res = await upload(id, bytes, 'user manual.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(await get(id));
    expect(res.json()).toMatchObject({ filename: 'user manual.pdf', size: bytes.length, file_hash: sha3(bytes) });
    expect(Date.parse(String(res.json().file_date))).toBeGreaterThanOrEqual(before - 1000);
    expect(stored()).toContain(sha3(bytes));

    const got = await download(id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-disposition']).toBe('attachment; filename="user manual.pdf"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('replaces the file with a later upload; the old one leaves the store unless another object holds it', async () => {
    const id = await documentOf('file');
    const first = randomBytes(3000);
    const second = randomBytes(3000);
    expect((await upload(id, first, 'v1.pdf')).statusCode).toBe(200);
    expect((await upload(id, second, 'v2.pdf')).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ filename: 'v2.pdf', size: second.length, file_hash: sha3(second) });
    expect((await download(id)).rawPayload.equals(second)).toBe(true);
    expect(stored()).not.toContain(sha3(first));
    expect(stored()).toContain(sha3(second));

    // A firmware holding the same bytes (another category sharing the store) keeps the file.
    const shared = randomBytes(3000);
    const type = (await createOk(c, 'type', { name: 'board', team_id: team })).id as number;
    const fw = await firmwareFor(c, team, type, shared);
    expect((await uploader(t.app, cookie)(fw, shared)).statusCode).toBe(200);
    expect((await upload(id, shared)).statusCode).toBe(200);
    expect((await upload(id, first)).statusCode).toBe(200);
    expect(stored()).toContain(sha3(shared));
    expect(stored()).not.toContain(sha3(second));
  });

  it.each(Object.entries(IMAGES))('takes a %s image by its content and serves it inline with its type', async (kind, bytes) => {
    const id = await documentOf('image');
    const res = await upload(id, bytes, 'picture.bin');
    expect(res.statusCode, res.body).toBe(200);
    const got = await download(id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe(`image/${kind}`);
    expect(got.headers['content-disposition']).toBe('inline; filename="picture.bin"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a text', Buffer.from('not an image at all, whatever the name says')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s named .png for an Image document and stores nothing', async (_, bytes) => {
    const id = await documentOf('image');
    await expectError(upload(id, bytes, 'picture.png'), 400, ownMessages.imageNotSupported);
    expect(await get(id)).toMatchObject(noFile);
    expect(stored()).not.toContain(sha3(bytes));
    expect(tmpFiles()).toEqual([]);
    expect((await download(id)).statusCode).toBe(404);
  });

  it('keeps the image an Image document holds when a replacement is no image', async () => {
    const id = await documentOf('image');
    expect((await upload(id, IMAGES.png, 'a.png')).statusCode).toBe(200);
    await expectError(upload(id, Buffer.from('<svg/>'), 'b.png'), 400, ownMessages.imageNotSupported);
    expect(await get(id)).toMatchObject({ filename: 'a.png', file_hash: sha3(IMAGES.png) });
    expect((await download(id)).rawPayload.equals(IMAGES.png)).toBe(true);
  });

  it.each(['text', 'link'])('refuses an upload to a %s document and stores nothing', async (docType) => {
    const id = await documentOf(docType, { content: docType === 'link' ? 'https://example.com/manual' : 'Read me' });
    const bytes = randomBytes(100);
    await expectError(upload(id, bytes), 400, ownMessages.uploadNotTaken('Document type', 'File or Image'));
    expect(await get(id)).toMatchObject(noFile);
    expect(stored()).not.toContain(sha3(bytes));
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a file over PUCS_MAX_UPLOAD_MB with 413 and stores nothing', async () => {
    const id = await documentOf('file');
    const bytes = randomBytes(MAX_MB * 2 ** 20 + 1);
    await expectError(upload(id, bytes), 413, ownMessages.uploadTooLarge(MAX_MB));
    expect(await get(id)).toMatchObject(noFile);
    expect(stored()).not.toContain(sha3(bytes));
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses the file in another part than document', async () => {
    const id = await documentOf('file');
    const { payload, headers } = multipartBody('firmware', 'x.bin', randomBytes(10));
    const res = t.app.inject({ method: 'POST', url: `/api/upload/document/${id}`, payload, headers: { ...headers, cookie, ...CSRF_HEADER } });
    await expectError(res, 400, ownMessages.uploadPartMissing('document'));
  });

  it('has no routes under the category key', async () => {
    const id = await documentOf('file');
    const { payload, headers } = multipartBody('document', 'x.bin', randomBytes(10));
    const up = await t.app.inject({ method: 'POST', url: `/api/upload/basic_document/${id}`, payload, headers: { ...headers, cookie, ...CSRF_HEADER } });
    expect(up.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/download/basic_document/${id}`, headers: { cookie } })).statusCode).toBe(404);
    expect(await get(id)).toMatchObject(noFile);
  });
});

describe('who may upload and download a document', () => {
  it('a member who is not admin may download but not upload (403)', async () => {
    const id = await documentOf('file');
    const bytes = randomBytes(100);
    const reader = await adminWithTeam(t, 'reader-own');
    await t.db.query('INSERT INTO role (team_id, user_id, role_id) VALUES ($1, $2, $3)', [team, reader.userId, ROLE.USER]);
    await expectError(upload(id, bytes, 'x.bin', reader.cookie), 403, messages.onlyAdminsCanModify);
    expect(await get(id)).toMatchObject(noFile);
    expect((await upload(id, bytes)).statusCode).toBe(200);
    expect((await download(id, reader.cookie)).rawPayload.equals(bytes)).toBe(true);
  });

  it("another team's document answers 404 on upload and download, like an unknown id", async () => {
    const id = await documentOf('image');
    expect((await upload(id, IMAGES.gif)).statusCode).toBe(200);
    const stranger = await adminWithTeam(t, 'stranger');
    await expectError(upload(id, IMAGES.png, 'x.png', stranger.cookie), 404, ownMessages.notFound);
    await expectError(upload(999_999, IMAGES.png, 'x.png', stranger.cookie), 404, ownMessages.notFound);
    await expectError(download(id, stranger.cookie), 404, ownMessages.notFound);
    expect(await get(id)).toMatchObject({ file_hash: sha3(IMAGES.gif) });
  });

  it('a document without a file answers 404 on download', async () => {
    await expectError(download(await documentOf('file')), 404, ownMessages.notFound);
  });
});

describe('changing the document type', () => {
  it('refuses to make a document holding a non-image an Image (400), and allows it for an image', async () => {
    const id = await documentOf('file');
    expect((await upload(id, Buffer.from('plain text'), 'notes.png')).statusCode).toBe(200);
    await expectError(c.put(`/api/basic_document/${id}`, { doc_type: 'image' }), 400, ownMessages.imageNotSupported);
    expect(await get(id)).toMatchObject({ doc_type: 'file' });

    const pic = await documentOf('file');
    expect((await upload(pic, IMAGES.webp, 'photo.webp')).statusCode).toBe(200);
    expect((await c.put(`/api/basic_document/${pic}`, { doc_type: 'image' })).statusCode).toBe(200);
    const got = await download(pic);
    expect([got.headers['content-type'], got.headers['content-disposition']]).toEqual(['image/webp', 'inline; filename="photo.webp"']);
    // Back to File: the same bytes are an attachment again.
    expect((await c.put(`/api/basic_document/${pic}`, { doc_type: 'file' })).statusCode).toBe(200);
    expect((await download(pic)).headers['content-disposition']).toBe('attachment; filename="photo.webp"');
  });

  it('a File document turned Text serves no file (404) until it is a File again', async () => {
    const id = await documentOf('file');
    const bytes = randomBytes(100);
    expect((await upload(id, bytes)).statusCode).toBe(200);
    expect((await c.put(`/api/basic_document/${id}`, { doc_type: 'text', content: 'Now a text' })).statusCode).toBe(200);
    await expectError(download(id), 404, ownMessages.notFound);
    expect((await c.put(`/api/basic_document/${id}`, { doc_type: 'file' })).statusCode).toBe(200);
    expect((await download(id)).rawPayload.equals(bytes)).toBe(true);
  });

  it('lets a document without a file become an Image', async () => {
    const id = await documentOf('file');
    expect((await c.put(`/api/basic_document/${id}`, { doc_type: 'image' })).statusCode).toBe(200);
  });
});

