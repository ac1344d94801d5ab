/**
 * The check-in's fast path (server/deviceApi/lastSeen.ts, checkin.ts): check-ins that change nothing
 * but last_seen are written together, answered only once written, and a device row held by a longer
 * transaction holds up its own check-in only; check-ins read together each get their own answer. Also: a certificate whose key is not P-256 opens nothing,
 * however its key is found.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, description, type Client, type TestApp } from './helpers';
import { checkinOk, deviceWithKey, postCheckin, type TestDevice } from './deviceApiHelpers';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { devicePeeker } from '../../server/deviceApi/checkin';
import { parseDeviceToken } from '../../server/deviceApi/auth';
import { ApiError } from '../../server/http/errors';
import { holdDatabase, until } from './databaseHold';

let t: TestApp;
let c: Client;
let team: number;
let devices: TestDevice[];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await adminWithTeam(t, 'seen_owner');
  c = owner.client;
  team = owner.teamId;
  devices = [];
  for (let i = 0; i < 12; i++) devices.push(await deviceWithKey(c, team));
});
afterAll(() => t.close());

const lastSeen = async (id: number) => (await c.get(`/api/device/${id}`)).json().last_seen as string | null;

describe('check-ins that change nothing but last_seen', () => {
  it('are each answered once their own last_seen is stored, many at once', async () => {
    const before = Date.now();
    const answers = await Promise.all(devices.flatMap((d) => [postCheckin(t.app, d.token(), {}), postCheckin(t.app, d.token(), { config_id: null })]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const d of devices) {
      const seen = await lastSeen(d.id);
      expect(seen).not.toBeNull();
      expect(Date.parse(seen!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(seen!)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('leave the configuration, its state and histories as they were', async () => {
    const d = devices[0];
    const config = ((await c.post('/api/config', { config: '{"a": 1}', team_id: team })).json() as { id: number }).id;
    expect((await c.put(`/api/device/${d.id}`, { config_id: config })).statusCode).toBe(200);
    const pushed = (await checkinOk(t.app, d, {})).config as { id: number };
    expect(pushed.id).toBe(config);
    await checkinOk(t.app, d, { config_id: config });
    const synced = (await c.get(`/api/device/${d.id}`)).json();
    expect(synced.config_state).toBe('synchronized');
    const answers = await Promise.all([1, 2, 3].map(() => checkinOk(t.app, d, { config_id: config, config: { a: 1 } })));
    expect(answers.map((a) => a.config)).toEqual([null, null, null]);
    const after = (await c.get(`/api/device/${d.id}`)).json();
    expect({ ...after, last_seen: undefined }).toEqual({ ...synced, last_seen: undefined });
    expect(Date.parse(after.last_seen)).toBeGreaterThanOrEqual(Date.parse(synced.last_seen));
  });

  it('read together, each gets its own device; a forged token or firmware texts no JSON text holds fail none of the others', async () => {
    const [pending, odd, forger, first, ...rest] = devices.slice(2);
    const config = ((await c.post('/api/config', { config: '{"pending": true}', team_id: team })).json() as { id: number }).id;
    expect((await c.put(`/api/device/${pending.id}`, { config_id: config })).statusCode).toBe(200);
    const peek = devicePeeker(t.db);
    const report = (firmware: { name: string; version: string } | null = null) => ({ firmware, config_id: null, config: null, update: null });
    const bearer = (token: string) => parseDeviceToken(`Bearer ${token}`);
    // The first read waits for the held database; the next ones all queue behind it, to be read together.
    const held = await holdDatabase(t);
    const waiting = t.db.stats.waiting;
    const firstRead = peek({ token: bearer(first.token()), report: report() });
    await until(() => t.db.stats.waiting > waiting);
    const settled = (read: Promise<{ config_id: number | null }>) => read.then((row) => row.config_id, (err: unknown) => (err instanceof ApiError ? err.status : 'error'));
    const reads = [
      peek({ token: bearer(pending.token()), report: report() }),
      peek({ token: bearer(odd.token()), report: report({ name: 'core\u0000', version: '\ud800' }) }),
      peek({ token: bearer(signDeviceJwt(forger.id, pending.key)), report: report() }),
      ...rest.map((d) => peek({ token: bearer(d.token()), report: report() })),
    ].map(settled);
    await held.release();
    expect(await settled(firstRead)).toBeNull();
    // Its own configuration for each; the forged token a 401; the odd texts fail alone, as they would alone.
    expect(await Promise.all(reads)).toEqual([config, 'error', 401, ...rest.map(() => null)]);
  });

  it('of a device deleted meanwhile do not fail the others', async () => {
    const doomed = await deviceWithKey(c, team);
    await checkinOk(t.app, doomed, {});
    expect((await c.del(`/api/device/${doomed.id}`)).statusCode).toBe(200);
    const [gone, alive] = await Promise.all([postCheckin(t.app, doomed.token(), {}), postCheckin(t.app, devices[1].token(), {})]);
    expect(gone.statusCode).toBe(401);
    expect(alive.statusCode).toBe(200);
  });
});

// PGlite runs one transaction at a time, so a held row lock there holds everything by design.
describe.skipIf(!process.env.DATABASE_URL)('a device row held by a longer transaction', () => {
  it('holds up its own check-in only; that one is answered, with last_seen stored, once the row is free', async () => {
    const [held, free] = [devices[2], devices[3]];
    await checkinOk(t.app, held, {});
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((done) => (locked = done));
    const transaction = t.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM "device" WHERE "id" = $1 FOR UPDATE', [held.id]);
      locked();
      await new Promise<void>((done) => (release = done));
    });
    await isLocked;
    const heldSeen = await lastSeen(held.id);
    let heldAnswered = false;
    const heldCheckin = postCheckin(t.app, held.token(), {}).then((res) => ((heldAnswered = true), res));
    // The batch the held device joined skips its row, so this one (and later ones) are answered meanwhile.
    for (let i = 0; i < 3; i++) expect((await postCheckin(t.app, free.token(), {})).statusCode).toBe(200);
    expect(heldAnswered).toBe(false);
    release();
    await transaction;
    expect((await heldCheckin).statusCode).toBe(200);
    expect(Date.parse((await lastSeen(held.id))!)).toBeGreaterThan(Date.parse(heldSeen!));
  });
});

describe('a certificate whose key is not P-256', () => {
  it('answers the 401 of any failed check, not an error', async () => {
    const d = devices[4];
    const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '02',
      name: `CN=${d.id}`,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-384' },
      keys,
    });
    await t.db.query('UPDATE "device_certificate" SET "certificate" = $2 WHERE "device_id" = $1', [d.id, cert.toString('pem')]);
    const res = await postCheckin(t.app, d.token(), {});
    expect(res.statusCode).toBe(401);
    expect(description(res)).toBe(ownMessages.deviceUnauthorized);
  });
});
