/**
 * Issue 28 item 1: the lists embedded in a list answer are bounded (PUCS_MAX_EMBEDDED_LIST), so
 * that GET /api/full/firmware costs the same with 20 or 20,000 devices. A list that was cut says so
 * with a sibling `{list}_total`; the list's own paged call (GET /api/{cat}?filter=&range=) reads the
 * rest; one object's full form (GET /api/full/{cat}/{id}) still embeds its lists whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, type Client, type TestApp } from './helpers';

const BOUND = 3;
const DEVICES = 5;

let t: TestApp;
let c: Client;
let firmware: number;
let type: number;
let team: number;
let devices: number[];

const jsonList = async (url: string) => {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { json_list: Record<string, unknown>[] }).json_list;
};
const created = async (cat: string, body: Record<string, unknown>) => {
  const res = await c.post(`/api/${cat}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
};
const ids = (list: unknown) => (list as { id: number }[]).map((o) => o.id);

beforeAll(async () => {
  t = await createTestApp({ PUCS_MAX_EMBEDDED_LIST: String(BOUND) });
  const admin = await adminWithTeam(t, 'bounded');
  c = admin.client;
  team = admin.teamId;
  type = await created('type', { name: 'bounded type', team_id: team });
  firmware = await created('firmware', { name: 'fw', version: '1.0.0', team_id: team, type_id: type });
  const doc = await created('basic_document', { name: 'manual', team_id: team, doc_type: 'text', content: 'read me' });
  const docs = [doc];
  for (let i = 1; i < DEVICES; i++) docs.push(await created('basic_document', { name: `note ${i}`, team_id: team, doc_type: 'text', content: 'x' }));
  const collection = await created('documents_collection', { name: 'docs', team_id: team, basic_docs_list: docs.map((id) => ({ id })) });
  devices = [];
  for (let i = 0; i < DEVICES; i++) {
    devices.push(
      await created('device', { name: `d${i}`, team_id: team, type_id: type, uid_for_type: `U${i}`, target_firmware_id: firmware, documents_collection_id: collection }),
    );
  }
});
afterAll(() => t.close());

describe('a list embedded in a list answer', () => {
  it('holds at most PUCS_MAX_EMBEDDED_LIST objects, says it was cut with its total, and keeps the spec shape when not cut', async () => {
    const [fw] = await jsonList('/api/full/firmware');
    expect(ids(fw.is_target_of)).toEqual(devices.slice(0, BOUND));
    expect(fw.is_target_of_total).toBe(DEVICES);
    // Not cut: the spec's shape, no total beside it.
    expect(fw.devices_group).toEqual([]);
    expect(fw).not.toHaveProperty('devices_group_total');

    const [ty] = await jsonList('/api/full/type');
    expect(ids(ty.device)).toEqual(devices.slice(0, BOUND));
    expect(ty.device_total).toBe(DEVICES);
    expect(ids(ty.firmware)).toEqual([firmware]);
    expect(ty).not.toHaveProperty('firmware_total');
  });

  it('is cut the same in a page of the list dialect and with ?fields=', async () => {
    const page = await c.get('/api/full/type?range=[0,9]');
    const [ty] = page.json() as Record<string, unknown>[];
    expect(ids(ty.device)).toHaveLength(BOUND);
    expect(ty.device_total).toBe(DEVICES);
    const [picked] = await jsonList('/api/type?fields=id,device(id)');
    expect(ids(picked.device)).toHaveLength(BOUND);
    expect(picked.device_total).toBe(DEVICES);
  });

  it('cuts a list read through a reference and its Used in too', async () => {
    const listed = await jsonList('/api/full/device?fields=id,basic_docs_list');
    expect(ids(listed[0].basic_docs_list)).toHaveLength(BOUND);
    expect(listed[0].basic_docs_list_total).toBe(DEVICES);
    const documents = await jsonList('/api/full/basic_document');
    const usedIn = documents[0].used_in as Record<string, unknown>;
    expect(ids(usedIn.device)).toEqual(devices.slice(0, BOUND));
    expect(usedIn.device_total).toBe(DEVICES);
  });

  it("the rest comes from the list's own paged call", async () => {
    const filter = encodeURIComponent(JSON.stringify({ target_firmware_id: firmware }));
    const rest = await c.get(`/api/device?fields=id&sort=["id","ASC"]&filter=${filter}&range=[${BOUND},99]`);
    expect(rest.headers['content-range']).toBe(`device ${BOUND}-${DEVICES - 1}/${DEVICES}`);
    expect(ids(rest.json())).toEqual(devices.slice(BOUND));
  });

  it("one object's full form embeds its lists whole", async () => {
    const one = (await c.get(`/api/full/firmware/${firmware}`)).json() as Record<string, unknown>;
    expect(ids(one.is_target_of)).toEqual(devices);
    expect(one).not.toHaveProperty('is_target_of_total');
  });

  it('tells a total that follows the changes of the list (the counts are kept between requests)', async () => {
    expect((await jsonList('/api/full/firmware'))[0].is_target_of_total).toBe(DEVICES);
    const added = await created('device', { name: 'one more', team_id: team, type_id: type, uid_for_type: 'U+', target_firmware_id: firmware });
    expect((await jsonList('/api/full/firmware'))[0].is_target_of_total).toBe(DEVICES + 1);
    expect((await c.put(`/api/device/${added}`, { target_firmware_id: null })).statusCode).toBe(200);
    expect((await jsonList('/api/full/firmware'))[0].is_target_of_total).toBe(DEVICES);
  });
});
