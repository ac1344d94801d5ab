/**
 * Device API test helpers: a device of a team with its downloaded key, and its check-ins through
 * inject, signed as a device maker would (server/simulator/deviceClient.ts); `rawToken` builds the
 * broken tokens the JWT tests send.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { ownMessages } from '../../src/messages';
import { createOk } from './crudFixtures';
import { adminWithTeam, createTestApp, description, type Client, type TestApp } from './helpers';

export interface TestDevice {
  id: number;
  key: KeyObject;
  token(now?: number): string;
}

let made = 0;

/** A device of `team` (a type of its own unless given) whose private key has been downloaded (which makes its certificate). */
export async function deviceWithKey(c: Client, team: number, extra: Record<string, unknown> = {}): Promise<TestDevice> {
  made++;
  const typeId = extra.type_id ?? (await createOk(c, 'type', { name: `type ${made}`, team_id: team })).id;
  const device = await createOk(c, 'device', { name: `device ${made}`, team_id: team, type_id: typeId, uid_for_type: `UID${made}`, ...extra });
  const res = await c.get(`/api/download/private_key/${String(device.id)}`);
  expect(res.statusCode, res.body).toBe(200);
  const key = createPrivateKey(res.body);
  const id = device.id as number;
  return { id, key, token: (now?: number) => signDeviceJwt(id, key, now) };
}

export const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** A token with any header and claims, ES256-signed by `key` (or with `signature` as given). */
export function rawToken(header: unknown, claims: unknown, key?: KeyObject, signature?: Buffer): string {
  const signed = `${b64(header)}.${b64(claims)}`;
  const sig = signature ?? (key ? sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }) : Buffer.alloc(0));
  return `${signed}.${sig.toString('base64url')}`;
}

export const nowS = () => Math.floor(Date.now() / 1000);

export const ES256 = { alg: 'ES256', typ: 'JWT' };
/** A token's claims for device `id` (any value, for the broken ones), issued at `iat`, living `life` seconds. */
export const claimsOf = (id: number | string, iat = nowS(), life = 300) => ({ sub: String(id), iat, exp: iat + life });

/** The device API's one refusal: 401, its Description, `WWW-Authenticate: Bearer`. */
export async function expectUnauthorized(app: FastifyInstance, token: string | undefined, headers: Record<string, string> = {}): Promise<void> {
  const res = await postCheckin(app, token, {}, headers);
  expect(res.statusCode, res.body).toBe(401);
  expect((res.json() as { Description?: string }).Description).toBe(ownMessages.deviceUnauthorized);
  expect(res.headers['www-authenticate']).toBe('Bearer');
}

export function postCheckin(app: FastifyInstance, token: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/device-api/v1/checkin',
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    payload: body as object,
  });
}

/** A check-in that must succeed; its answer. */
export async function checkinOk(app: FastifyInstance, device: TestDevice, body: unknown): Promise<Record<string, unknown>> {
  const res = await postCheckin(app, device.token(), body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** An error answer a device can read: JSON with a Description, never a 500. */
export function expectJsonError(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown; body: string }, status?: number) {
  expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
  if (status !== undefined) expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof description(res)).toBe('string');
}

/** What the device API changes on a device, as its team reads it. */
export interface SyncView {
  team_id: number;
  config_id: number | null;
  config_state: string | null;
  last_config_sync: string | null;
  config_history: { config_id: number; date: string; source: string }[];
  firmware_history: unknown[];
}

/** A check-in body sent as given (a string, any headers): malformed and odd bodies. */
export const postRawCheckin = (app: FastifyInstance, body: string, headers: Record<string, string>, token: string) =>
  app.inject({ method: 'POST', url: '/device-api/v1/checkin', headers: { authorization: `Bearer ${token}`, ...headers }, payload: body });

/** A team admin as the device API suites use one. */
export type TeamAdmin = Awaited<ReturnType<typeof adminWithTeam>>;

/** The device API suites' world: a fresh app, the devices' owner (an admin of their team) and an admin of another team. */
export async function ownerAndRival(): Promise<{ t: TestApp; owner: TeamAdmin; rival: TeamAdmin }> {
  const t = await createTestApp();
  return { t, owner: await adminWithTeam(t, 'device_owner'), rival: await adminWithTeam(t, 'device_rival') };
}
