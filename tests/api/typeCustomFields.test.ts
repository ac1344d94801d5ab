/**
 * A device's custom field values follow its type's definitions (the `definedBy` declaration, run
 * by server/crud/definedBy.ts): values must match them, and deleting a definition removes the
 * field from every device of the type (spec section 5); other changes leave the devices' values
 * alone. Also the device list call the group's 'Add devices' dialog makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, type Client, type TestApp, createTestApp } from './helpers';
import { createOk } from './crudFixtures';
import { CSRF_HEADER } from '../../src/csrf';

let t: TestApp;
let c: Client;
let cookie: string;
let team: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await adminWithTeam(t, 'typecf');
  c = a.client;
  cookie = a.cookie;
  team = a.teamId;
});
afterAll(() => t.close());

const definitions = [
  { name: 'colour', type: 0, value: 'red' },
  { name: 'outdoor', type: 1, value: false },
  { name: 'floor', type: 2, value: 0 },
];

async function typeWithDevices(tag: string) {
  const type = await createOk(c, 'type', { name: `cf ${tag}`, team_id: team, custom_fields_devices: definitions });
  const values = [
    { name: 'colour', type: 0, value: 'blue' },
    { name: 'outdoor', type: 1, value: true },
    { name: 'floor', type: 2, value: 3 },
  ];
  const devices = [];
  for (const n of [1, 2]) {
    devices.push(
      await createOk(c, 'device', { name: `cf ${tag} ${n}`, team_id: team, type_id: type.id, uid_for_type: `${tag}-${n}`, custom_fields_from_type: values }),
    );
  }
  return { type, devices };
}

const deviceFields = async (id: unknown) => (await c.get(`/api/device/${id}`)).json().custom_fields_from_type;

describe('PUT /api/type/{id} with custom_fields_devices', () => {
  it('a definition left out is removed from every device of the type, in order, others untouched', async () => {
    const { type, devices } = await typeWithDevices('a');
    const other = await typeWithDevices('b');
    const res = await c.put(`/api/type/${type.id}`, { custom_fields_devices: [definitions[0], definitions[2]] });
    expect(res.statusCode, res.body).toBe(200);
    for (const d of devices) {
      expect(await deviceFields(d.id)).toEqual([
        { name: 'colour', type: 0, value: 'blue' },
        { name: 'floor', type: 2, value: 3 },
      ]);
    }
    expect(await deviceFields(other.devices[0].id)).toHaveLength(3);
  });

  it('changing a definition type or value leaves the devices values as they are', async () => {
    const { type, devices } = await typeWithDevices('c');
    const changed = [{ name: 'colour', type: 0, value: 'green' }, { name: 'outdoor', type: 2, value: 5 }, definitions[2]];
    expect((await c.put(`/api/type/${type.id}`, { custom_fields_devices: changed })).statusCode).toBe(200);
    expect(await deviceFields(devices[0].id)).toEqual([
      { name: 'colour', type: 0, value: 'blue' },
      { name: 'outdoor', type: 1, value: true },
      { name: 'floor', type: 2, value: 3 },
    ]);
  });

  it('emptying the definitions empties the devices fields; other type fields do not touch them', async () => {
    const { type, devices } = await typeWithDevices('d');
    expect((await c.put(`/api/type/${type.id}`, { name: 'cf d renamed' })).statusCode).toBe(200);
    expect(await deviceFields(devices[0].id)).toHaveLength(3);
    expect((await c.put(`/api/type/${type.id}`, { custom_fields_devices: [] })).statusCode).toBe(200);
    expect(await deviceFields(devices[0].id)).toEqual([]);
  });

  it('a device whose value list is not a list is left alone', async () => {
    const { type } = await typeWithDevices('e');
    const odd = await createOk(c, 'device', { name: 'cf e odd', team_id: team, type_id: type.id, uid_for_type: 'e-odd', custom_fields_from_type: null });
    expect((await c.put(`/api/type/${type.id}`, { custom_fields_devices: [] })).statusCode).toBe(200);
    expect(await deviceFields(odd.id)).toBeNull();
  });
});

describe('custom field definitions', () => {
  it('a name is defined once', async () => {
    const res = await c.post('/api/type', {
      name: 'cf twice',
      team_id: team,
      custom_fields_devices: [{ name: 'floor', type: 2, value: 0 }, { name: 'floor', type: 0, value: '' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toBe("The custom field name 'floor' is used more than once.");
  });
});

describe('device custom field values against the type definitions', () => {
  const device = (tag: string, typeId: unknown, values: unknown) =>
    c.post('/api/device', { name: `cfv ${tag}`, team_id: team, type_id: typeId, uid_for_type: `cfv-${tag}`, custom_fields_from_type: values });

  it('a value for a field the type does not define is refused, naming it', async () => {
    const { type } = await typeWithDevices('g');
    const res = await device('g1', type.id, [{ name: 'weight', type: 2, value: 4 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toBe("The field 'Custom fields' has a value for 'weight', which its type does not define.");
  });

  it('a value of the wrong type is refused, naming the field and its type', async () => {
    const { type, devices } = await typeWithDevices('h');
    const res = await device('h1', type.id, [{ name: 'floor', type: 2, value: 'third' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().Description).toBe("The field 'Custom fields': the value of 'floor' must be of type Integer.");
    const put = await c.put(`/api/device/${devices[0].id}`, { custom_fields_from_type: [{ name: 'outdoor', type: 0, value: 'yes' }] });
    expect(put.statusCode).toBe(400);
    expect(put.json().Description).toBe("The field 'Custom fields': the value of 'outdoor' must be of type Boolean.");
    expect(await deviceFields(devices[0].id)).toHaveLength(3);
  });

  it('each value is exactly { name, type, value }: extra keys, a missing type and a non-finite integer are refused', async () => {
    const { devices } = await typeWithDevices('s');
    const put = (values: unknown) => c.put(`/api/device/${devices[0].id}`, { custom_fields_from_type: values });
    const extra = await put([{ name: 'floor', type: 2, value: 3, secret: 'x' }]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().Description).toBe("The custom field 'floor' must have exactly a name, a type and a value.");
    const untyped = await put([{ name: 'floor', value: 3 }]);
    expect(untyped.json().Description).toBe("The custom field 'floor' must have exactly a name, a type and a value.");
    const infinite = await t.app.inject({
      method: 'PUT',
      url: `/api/device/${devices[0].id}`,
      headers: { ...CSRF_HEADER, 'content-type': 'application/json', cookie },
      payload: '{"custom_fields_from_type":[{"name":"floor","type":2,"value":1e400}]}',
    });
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().Description).toBe("The field 'Custom fields' contains a number JSON cannot hold (too large, such as 1e400).");
    expect(await deviceFields(devices[0].id)).toHaveLength(3);
  });

  it('values that fit are stored in the spec list shape', async () => {
    const { type } = await typeWithDevices('i');
    const values = [{ name: 'floor', type: 2, value: 7 }, { name: 'colour', type: 0, value: 'teal' }];
    const res = await device('i1', type.id, values);
    expect(res.statusCode, res.body).toBe(201);
    expect(await deviceFields(res.json().id)).toEqual(values);
  });

  it('a device moved to another type keeps only the values the new type defines with the same type', async () => {
    const { devices } = await typeWithDevices('j');
    const other = await createOk(c, 'type', {
      name: 'cf j other',
      team_id: team,
      custom_fields_devices: [{ name: 'colour', type: 0, value: '' }, { name: 'floor', type: 0, value: '' }],
    });
    const res = await c.put(`/api/device/${devices[0].id}`, { type_id: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await deviceFields(devices[0].id)).toEqual([{ name: 'colour', type: 0, value: 'blue' }]);
  });
});

describe("the 'Add devices' dialog's list call", () => {
  it('GET /api/full/device?type_id=&team_id=&fields=... answers the devices with their current group name', async () => {
    const { type, devices } = await typeWithDevices('f');
    const group = await createOk(c, 'devices_group', { name: 'cf f group', team_id: team, type_id: type.id });
    expect((await c.put(`/api/device/${devices[0].id}`, { group_id: group.id })).statusCode).toBe(200);
    const res = await c.get(`/api/full/device?type_id=${type.id}&team_id=${team}&fields=id,name,group_id,devices_group(name)`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().json_list as { id: number; group_id: number | null; group?: { name: string } | null }[];
    expect(list.map((d) => d.id).sort()).toEqual(devices.map((d) => d.id).sort());
    expect(list.find((d) => d.id === devices[0].id)).toMatchObject({ group_id: group.id, group: { name: 'cf f group' } });
    expect(list.find((d) => d.id === devices[1].id)?.group ?? null).toBeNull();
    expect((await c.put(`/api/device/${devices[0].id}`, { group_id: null })).json().group_id).toBeNull();
  });
});
