/**
 * Firmware file uploads as a hostile or unlucky client sends them: malformed multipart bodies,
 * extra parts, bodies cut short. Each answers a client error with its Description and leaves
 * nothing behind (no temporary file, no file on the firmware).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { dirname, join } from 'node:path';
import { connect } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownMessages } from '../../src/messages';
import { filenameFromContentDisposition } from '../../src/dataProvider/download';
import { readConfig } from '../../server/config';
import { startupProblems } from '../../server/runtime/startupChecks';
import { cleanStore } from '../../server/files/cleanup';
import { lockHash } from '../../server/files/references';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { firmwareFor, sha3, storeFiles } from './firmwareFilesHelpers';
import { CSRF_HEADER } from '../../src/csrf';

const MAX_MB = 64;
const MB = 2 ** 20;
const IDLE_SECONDS = 1;
let t: TestApp;
let c: Client;
let cookie: string;
let team: number;
let type: number;

beforeAll(async () => {
  t = await createTestApp({ PUCS_MAX_UPLOAD_MB: String(MAX_MB), PUCS_UPLOAD_IDLE_SECONDS: String(IDLE_SECONDS) });
  ({ client: c, cookie, teamId: team } = await adminWithTeam(t, 'sender'));
  type = (await createOk(c, 'type', { name: 'board', team_id: team })).id as number;
});
afterAll(async () => t.close());

const BOUNDARY = '----boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (name: string, filename: string | undefined, body: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ]);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);

const post = (id: number, payload: Buffer | string, contentType = MULTIPART) =>
  t.app.inject({ method: 'POST', url: `/api/upload/firmware/${id}`, payload, headers: { 'content-type': contentType, cookie, ...CSRF_HEADER } });
const get = async (id: number) => (await c.get(`/api/firmware/${id}`)).json() as Record<string, unknown>;
const tempFiles = () => readdirSync(join(t.config.filesDir, 'tmp'));

describe('a malformed multipart body', () => {
  it('answers 400 (not a server error) and stores nothing', async () => {
    const bytes = randomBytes(1000);
    const id = await firmwareFor(c, team, type, bytes);
    const whole = Buffer.concat([part('firmware', 'a.bin', bytes), END]);
    const bodies: [string, Buffer | string, string?][] = [
      ['not multipart inside', 'garbage'],
      ['no boundary parameter', whole, 'multipart/form-data'],
      ['no closing boundary', part('firmware', 'a.bin', bytes)],
      ['cut in the middle of the file', whole.subarray(0, 500)],
    ];
    for (const [what, payload, contentType] of bodies) {
      const res = await post(id, payload, contentType);
      expect([what, res.statusCode, res.json()]).toEqual([what, 400, { Description: ownMessages.uploadNotMultipart }]);
    }
    expect(await get(id)).toMatchObject({ filename: null, size: null });
    expect(tempFiles()).toEqual([]);
  });
});

describe('parts other than the file', () => {
  it('a few small fields around the file are ignored', async () => {
    const bytes = randomBytes(1000);
    const id = await firmwareFor(c, team, type, bytes);
    const res = await post(id, Buffer.concat([part('comment', undefined, 'x'.repeat(5000)), part('firmware', 'a.bin', bytes), part('after', undefined, 'y'), END]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ filename: 'a.bin', size: 1000 });
  });

  it('many large fields before the file are refused, not gathered in memory', async () => {
    const bytes = randomBytes(1000);
    const id = await firmwareFor(c, team, type, bytes);
    const fields = Array.from({ length: 40 }, (_, i) => part(`f${i}`, undefined, 'y'.repeat(MB)));
    await expectError(post(id, Buffer.concat([...fields, part('firmware', 'a.bin', bytes), END])), 413, ownMessages.bodyTooLarge);
    expect(await get(id)).toMatchObject({ filename: null, size: null });
    expect(tempFiles()).toEqual([]);
  });
});

describe('a client that stops sending', () => {
  it('PUCS_UPLOAD_IDLE_SECONDS that is not a positive number stops the server at start; 120 by default', () => {
    expect(startupProblems(readConfig({ PUCS_UPLOAD_IDLE_SECONDS: 'never' }))).toEqual([ownMessages.invalidSetting('PUCS_UPLOAD_IDLE_SECONDS', 'NaN')]);
    expect(startupProblems(readConfig({ PUCS_UPLOAD_IDLE_SECONDS: '0' }))).toEqual([ownMessages.invalidSetting('PUCS_UPLOAD_IDLE_SECONDS', '0')]);
    expect(readConfig({}).uploadIdleSeconds).toBe(120);
  });

  it('is cut off after PUCS_UPLOAD_IDLE_SECONDS without a byte: no temporary file stays, nothing is stored', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const bytes = randomBytes(4 * MB);
    const id = await firmwareFor(c, team, type, bytes);
    const body = Buffer.concat([part('firmware', 'slow.bin', bytes), END]);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      `POST /api/upload/firmware/${id} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nX-Requested-With: pucs\r\n` +
        `Content-Type: ${MULTIPART}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, MB));
    await vi.waitFor(() => expect(tempFiles()).toHaveLength(1));
    const closed = once(socket, 'close');
    socket.resume();
    await closed; // the server hangs up; without the cut-off this never happens
    await vi.waitFor(() => expect(tempFiles()).toEqual([]));
    expect(await get(id)).toMatchObject({ filename: null, size: null });
  });
});

describe('a change to the firmware while its file is on the way', () => {
  /** Starts an upload whose body stops after its first half; `finish` sends the rest. */
  async function halfSent(id: number, bytes: Buffer) {
    const body = Buffer.concat([part('firmware', 'race.bin', bytes), END]);
    const stream = new PassThrough();
    const answer = t.app.inject({
      method: 'POST',
      url: `/api/upload/firmware/${id}`,
      payload: stream,
      headers: { 'content-type': MULTIPART, 'content-length': String(body.length), cookie, ...CSRF_HEADER },
    });
    stream.write(body.subarray(0, body.length / 2));
    await vi.waitFor(() => expect(tempFiles()).toHaveLength(1));
    return { answer, finish: () => stream.end(body.subarray(body.length / 2)) };
  }

  it('deleted meanwhile: the upload answers 404 and leaves no file behind', async () => {
    const bytes = randomBytes(2 * MB);
    const id = await firmwareFor(c, team, type, bytes);
    const { answer, finish } = await halfSent(id, bytes);
    expect((await c.del(`/api/firmware/${id}`)).statusCode).toBe(200);
    finish();
    await expectError(answer, 404, ownMessages.notFound);
    expect(storeFiles(t.config.filesDir)).not.toContain(sha3(bytes));
    expect(tempFiles()).toEqual([]);
  });

  it('its announced hash changed meanwhile: the upload answers 400 and nothing is stored', async () => {
    const bytes = randomBytes(2 * MB);
    const id = await firmwareFor(c, team, type, bytes);
    const { answer, finish } = await halfSent(id, bytes);
    const other = sha3(randomBytes(8));
    expect((await c.put(`/api/firmware/${id}`, { firmware_hash: other })).statusCode).toBe(200);
    finish();
    await expectError(answer, 400, ownMessages.fileHashMismatch(other.slice(0, 12), sha3(bytes).slice(0, 12)));
    expect(await get(id)).toMatchObject({ filename: null, size: null, firmware_hash: other });
    expect(storeFiles(t.config.filesDir)).not.toContain(sha3(bytes));
    expect(tempFiles()).toEqual([]);
  });
});

describe("the file's name", () => {
  it("is the one chosen in the browser, which sends '\"', CR and LF as %22, %0D and %0A", async () => {
    const cases: [string, string][] = [
      ['fw%22v2%22.bin', 'fw"v2".bin'],
      ['a%0D%0Ab.bin', 'ab.bin'],
      ['x%0d%0aSet-Cookie: a=b.bin', 'xSet-Cookie: a=b.bin'],
    ];
    for (const [sent, stored] of cases) {
      const bytes = randomBytes(16);
      const id = await firmwareFor(c, team, type, bytes);
      expect((await post(id, Buffer.concat([part('firmware', sent, bytes), END]))).json()).toMatchObject({ filename: stored });
      const got = await t.app.inject({ method: 'GET', url: `/api/download/firmware/${id}`, headers: { cookie } });
      expect(got.headers['content-disposition']).toBe(`attachment; filename="${stored.replace(/"/g, '\\"')}"`);
    }
  });

  it("holding '%' and two hex digits, is sent in filename* too, which browsers take literally, not decoded", async () => {
    const name = '100%41 done%2e.bin';
    const bytes = randomBytes(16);
    const id = await firmwareFor(c, team, type, bytes);
    expect((await post(id, Buffer.concat([part('firmware', name, bytes), END]))).json()).toMatchObject({ filename: name });
    const header = (await t.app.inject({ method: 'GET', url: `/api/download/firmware/${id}`, headers: { cookie } })).headers['content-disposition'] as string;
    expect(header).toBe(`attachment; filename="100_41 done_2e.bin"; filename*=UTF-8''100%2541%20done%252e.bin`);
    expect(filenameFromContentDisposition(header)).toBe(name);
  });
});

describe('HEAD /api/download/firmware/{id}', () => {
  /** The server's open files inside the store (Linux: /proc/self/fd): a file read for a HEAD is still open as it answers. */
  const openStoreFiles = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(join(t.config.filesDir, 'sha3'));
      } catch {
        return false; // closed meanwhile
      }
    });

  it("answers the download's headers without reading the file (none is left open being read)", async () => {
    const bytes = randomBytes(8 * MB);
    const id = await firmwareFor(c, team, type, bytes);
    expect((await post(id, Buffer.concat([part('firmware', 'head.bin', bytes), END]))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'HEAD', url: `/api/download/firmware/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers.etag).toBe(`"${sha3(bytes)}"`);
      expect(res.rawPayload.length).toBe(0);
    }
    expect(openStoreFiles()).toEqual([]);
  });
});

// Two servers on one PostgreSQL and one files folder (a rolling restart); the embedded database has one server only.
describe.skipIf(!process.env.DATABASE_URL)('a second server starting on the same database and files folder', () => {
  it("keeps a file whose upload the first server is committing: its cleanup waits for the hash's lock", async () => {
    const bytes = randomBytes(1000);
    const hash = sha3(bytes);
    const id = await firmwareFor(c, team, type, bytes);
    const path = join(t.config.filesDir, 'sha3', hash.slice(0, 2), hash);
    let cleaning: Promise<unknown> = Promise.resolve();
    // What an upload does between moving its file into the store and its commit, the hash's lock held.
    await t.db.transaction(async (tx) => {
      await lockHash(tx, hash);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
      cleaning = cleanStore(t.db, t.app.registry, t.app.files.store);
      const waiting = async () => (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0].n;
      // The cleanup either waits for the lock, or (without it) has already removed the file.
      await Promise.race([cleaning, vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000 })]);
      await tx.query(`UPDATE firmware SET filename = 'a.bin', size = $1, date = now() WHERE id = $2`, [bytes.length, id]);
    });
    await cleaning;
    expect(existsSync(path)).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: `/api/download/firmware/${id}`, headers: { cookie } });
    expect(got.rawPayload.equals(bytes)).toBe(true);
  });
});
