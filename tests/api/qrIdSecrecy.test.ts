/**
 * The QR id is a secret: a device's QR id is the only secret of its printed label, so no read,
 * filter, sort, search, export, expansion or write of the generic API may reveal or set it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let admin: Client;
let team: number;
let typeId: number;
let deviceId: number;
let qr: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: admin, teamId: team } = await adminWithTeam(t, 'qrsecret'));
  typeId = (await createOk(admin, 'type', { name: 'board', team_id: team })).id as number;
  deviceId = (await createOk(admin, 'device', { name: 'd1', team_id: team, type_id: typeId, uid_for_type: 'u1' })).id as number;
  qr = ((await admin.post(`/api/device_qr_code/${deviceId}`)).json() as { id: string }).id;
});
afterAll(() => t.close());

describe('the QR id never leaks through the generic API', () => {
  const reads = () => [
    `/api/device/${deviceId}`,
    `/api/full/device/${deviceId}`,
    '/api/device',
    '/api/full/device',
    `/api/device?fields=id,qr_code_id`,
    `/api/device/${deviceId}?fields=qr_code_id`,
    `/api/full/device/${deviceId}?fields=qr_code_id`,
    `/api/full/type/${typeId}?fields=device(name,id,qr_code_id)`,
    `/api/device?sort=${encodeURIComponent('["qr_code_id","ASC"]')}`,
    `/api/device?filter=${encodeURIComponent(JSON.stringify({ qr_code_id: qr }))}`,
    `/api/device?filter=${encodeURIComponent(JSON.stringify({ q: qr }))}`,
    '/api/download/csv_export/device',
    '/api/openapi.json',
  ];

  it('in no read, list, filter, sort, search, expansion or export', async () => {
    for (const url of reads()) {
      const res = await admin.get(url);
      expect(res.body, url).not.toContain(qr);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('the API description does not name the field (nor its unique rule)', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    expect(doc).not.toContain('qr_code_id');
    expect(doc).not.toContain('device_qr_code_key');
  });

  it('in no answer of a write', async () => {
    const updated = await admin.put(`/api/device/${deviceId}`, { notes: 'seen' });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).not.toContain(qr);
    const spare = (await createOk(admin, 'device', { name: 'd3', team_id: team, type_id: typeId, uid_for_type: 'u3' })).id as number;
    const spareQr = ((await admin.post(`/api/device_qr_code/${spare}`)).json() as { id: string }).id;
    const removed = await admin.del(`/api/device/${spare}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect(removed.body).not.toContain(spareQr);
    expect((await t.app.inject({ method: 'GET', url: `/api/execute_qr_code_action/${spareQr}` })).statusCode).toBe(404);
  });

  it('a filter or search on it finds nothing (no oracle)', async () => {
    for (const filter of [{ qr_code_id: qr }, { q: qr }, { q: qr.slice(0, 5) }]) {
      const res = await admin.get(`/api/device?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      if (res.statusCode === 200) expect(JSON.stringify(res.json()), JSON.stringify(filter)).not.toContain('"d1"');
    }
  });
});

describe('the QR id cannot be set by a client', () => {
  it('not through POST or PUT /api/device', async () => {
    const made = await admin.post('/api/device', { name: 'd2', team_id: team, type_id: typeId, uid_for_type: 'u2', qr_code_id: 'chosen-by-client' });
    expect(made.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/execute_qr_code_action/chosen-by-client' })).statusCode).toBe(404);
    expect((await admin.put(`/api/device/${deviceId}`, { qr_code_id: 'chosen-too' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/execute_qr_code_action/chosen-too' })).statusCode).toBe(404);
    expect((await admin.get(`/api/device_qr_code/${deviceId}`)).json()).toMatchObject({ id: qr });
  });

  it('not by sending a known QR id (refused without echoing it)', async () => {
    const res = await admin.put(`/api/device/${deviceId}`, { qr_code_id: qr });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain(qr);
  });
});
