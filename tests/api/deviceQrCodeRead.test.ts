/**
 * GET /api/device_qr_code/{id} of a device without a QR code: 404 as the spec says (section 7), or
 * with ?if_generated=true a 204 for the console's device screen, which asks before it can know
 * (issue 27: nothing fails for a new device). Another team's or an unknown device stays a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let admin: Client;
let rival: Client;
let mine: number;
let theirs: number;

beforeAll(async () => {
  t = await createTestApp();
  const own = await adminWithTeam(t, 'qrread');
  const other = await adminWithTeam(t, 'qrrival');
  admin = own.client;
  rival = other.client;
  const type = (await createOk(admin, 'type', { name: 'board', team_id: own.teamId })).id as number;
  const rivalType = (await createOk(rival, 'type', { name: 'board', team_id: other.teamId })).id as number;
  mine = (await createOk(admin, 'device', { name: 'd1', team_id: own.teamId, type_id: type, uid_for_type: 'u1' })).id as number;
  theirs = (await createOk(rival, 'device', { name: 'd2', team_id: other.teamId, type_id: rivalType, uid_for_type: 'u2' })).id as number;
});
afterAll(() => t.close());

describe('a device without a QR code', () => {
  it('answers 404 as the spec says, 204 with ?if_generated=true, and generates nothing', async () => {
    expect((await admin.get(`/api/device_qr_code/${mine}`)).statusCode).toBe(404);
    const asked = await admin.get(`/api/device_qr_code/${mine}?if_generated=true`);
    expect(asked.statusCode).toBe(204);
    expect(asked.body).toBe('');
    expect((await admin.get(`/api/device_qr_code/${mine}`)).statusCode).toBe(404);
  });

  it('once generated, answers it either way', async () => {
    const made = (await admin.post(`/api/device_qr_code/${mine}`)).json() as { id: string };
    for (const url of [`/api/device_qr_code/${mine}`, `/api/device_qr_code/${mine}?if_generated=true`]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(200);
      expect((res.json() as { id: string }).id, url).toBe(made.id);
    }
  });

  it("of another team, or unknown, stays a 404 like any id the caller cannot read", async () => {
    for (const id of [theirs, 999_999]) expect((await admin.get(`/api/device_qr_code/${id}?if_generated=true`)).statusCode).toBe(404);
  });

  it('refuses another value of if_generated', async () => {
    expect((await admin.get(`/api/device_qr_code/${mine}?if_generated=yes`)).statusCode).toBe(400);
  });
});
