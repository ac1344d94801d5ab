/**
 * Adding a document to an object's documentation against a fake /api (spec sections 3 and 7): the
 * default collection name and its number, the object's collection updated, or a new one created
 * and named by the object, a document already listed left alone, and the assign dialog's sequence
 * (team filter on the server, skips, stop at the first failure).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { attachDocument, detachDocument } from '../../src/resources/documentation/attachDocument';
import { assignInSequence, fetchTeamObjects, type AssignTarget } from '../../src/resources/documentation/assignDocument';
import { MAX_NAME } from '../../src/schemas/fields';
import { defaultCollectionName, previousCollectionName, RANDOM_VERSION_MAX, versionOf } from '../../src/resources/documentation/collectionName';
import { categoriesForTargetClass, inheritedSources } from '../../src/resources/documentation/documentation';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const device = mustGetCategory('device');
const dp = createDataProvider();

afterEach(() => vi.unstubAllGlobals());

describe('the default collection name', () => {
  it("is 'Documentation for {category} {object name} v.1' without a previous collection", () => {
    expect(defaultCollectionName('device', 'Pump 3', undefined)).toBe('Documentation for device Pump 3 v.1');
  });

  it("numbers it one past the previous collection's 'v.N'", () => {
    expect(defaultCollectionName('group', 'North', 'Documentation for group North v.7')).toBe('Documentation for group North v.8');
    expect(versionOf('Documentation for group North v.12 ')).toBe(12);
  });

  it('takes a random number up to 1,000,000 when the previous number cannot be read', () => {
    expect(defaultCollectionName('type', 'Sensor', 'Sensor manuals', () => 4242)).toBe('Documentation for type Sensor v.4242');
    for (let i = 0; i < 50; i++) {
      const n = versionOf(defaultCollectionName('type', 'Sensor', 'Sensor manuals'))!;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(RANDOM_VERSION_MAX);
    }
  });

  it("finds the object's previous collection among the team's: the highest number named for it", () => {
    const names = ['Documentation for device Pump 3 v.2', 'Documentation for device Pump 30 v.9', 'Documentation for device Pump 3 v.10', 'Other'];
    expect(previousCollectionName('device', 'Pump 3', names)).toBe('Documentation for device Pump 3 v.10');
    expect(previousCollectionName('device', 'Pump 4', names)).toBeUndefined();
    expect(previousCollectionName('device', 'Pump 3', ['Documentation for device Pump 3 v.x'])).toBe('Documentation for device Pump 3 v.x');
  });

  it("cuts a long object name (ending in '…') so that the collection's name stays within the name's 200 characters, and finds it again", () => {
    const long = 'P'.repeat(200);
    const first = defaultCollectionName('devices group', long, undefined);
    expect(first.length).toBeLessThanOrEqual(MAX_NAME);
    expect(first).toMatch(/^Documentation for devices group P+… v\.1$/);
    expect(previousCollectionName('devices group', long, ['Other', first])).toBe(first);
    const next = defaultCollectionName('devices group', long, first);
    expect(next).toBe(first.replace(/v\.1$/, 'v.2'));
    expect(defaultCollectionName('devices group', long, 'x', () => RANDOM_VERSION_MAX).length).toBeLessThanOrEqual(MAX_NAME);
  });
});

describe('where documentation comes from', () => {
  it("a device shows its type's, group's and firmwares' documentation, named by the record's expansions", () => {
    const record = {
      id: 1,
      type_id: 3,
      type: { id: 3, name: 'Sensor' },
      group_id: 4,
      group: { id: 4, name: 'North' },
      target_firmware_id: 5,
      target_firmware: { id: 5, name: 'Main', version: '1.2.0' },
      current_firmware_id: 6,
      current_firmware: { id: 6, name: 'Main', version: '1.1.0' },
      config_id: 8,
      team_id: 1,
      // The firmware of the update the device reports (issue 30): not one of the panel's sources.
      update_firmware_id: 5,
      update_firmware: { id: 5, name: 'Main', version: '1.2.0' },
    };
    // Spec section 2's order: type, group, current firmware, target firmware; nothing else.
    expect(inheritedSources(device, record).map((s) => [s.label, s.id, s.name])).toEqual([
      ['Type', 3, 'Sensor'],
      ['Group', 4, 'North'],
      ['Current firmware', 6, messages.firmwareOption('Main', '1.1.0')],
      ['Target firmware', 5, messages.firmwareOption('Main', '1.2.0')],
    ]);
    // A source without its expansion is named by its id.
    expect(inheritedSources(device, { ...record, group: null }).find((s) => s.field === 'group_id')?.name).toBe('ID 4');
    expect(inheritedSources(device, { ...record, current_firmware_id: null }).map((s) => s.field)).toEqual(['type_id', 'group_id', 'target_firmware_id']);
    expect(inheritedSources(mustGetCategory('type'), { id: 3, team_id: 1 })).toEqual([]);
  });

  it('a target class narrows the assignable kinds; other fits all four', () => {
    expect(categoriesForTargetClass('device').map((c) => c.key)).toEqual(['device']);
    expect(categoriesForTargetClass('group').map((c) => c.key)).toEqual(['devices_group']);
    expect(categoriesForTargetClass('other').map((c) => c.key).sort()).toEqual(['device', 'devices_group', 'firmware', 'type']);
  });
});

interface Api {
  collections: Record<number, { id: number; name: string; team_id: number; basic_docs_list: { id: number }[] }>;
  failPut?: string;
}

function fakeApi(api: Api): RecordedCall[] {
  let nextId = 100;
  return installFetch(({ url, method, body }) => {
    const one = /^\/api\/documents_collection\/(\d+)$/.exec(url.pathname);
    if (method === 'PUT' && url.pathname === api.failPut) return jsonResponse({ Description: 'Refused here.' }, 409);
    if (one && method === 'GET') return jsonResponse(api.collections[Number(one[1])]);
    if (one && method === 'PUT') {
      Object.assign(api.collections[Number(one[1])], body);
      return jsonResponse(api.collections[Number(one[1])]);
    }
    if (one && method === 'DELETE') {
      delete api.collections[Number(one[1])];
      return jsonResponse({});
    }
    if (url.pathname === '/api/documents_collection' && method === 'GET') return jsonResponse({ json_list: Object.values(api.collections) });
    if (url.pathname === '/api/documents_collection' && method === 'POST') {
      const created = { id: nextId++, ...(body as { name: string; team_id: number; basic_docs_list: { id: number }[] }) };
      api.collections[created.id] = created;
      return jsonResponse(created, 201);
    }
    if (method === 'PUT') return jsonResponse({ id: 1 });
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
}

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body]);
const pump = { category: device, id: 7, name: 'Pump 3', team_id: 1, documents_collection_id: null };

describe('attachDocument', () => {
  it("puts the document at the end of the object's collection", async () => {
    const api: Api = { collections: { 40: { id: 40, name: 'Docs', team_id: 1, basic_docs_list: [{ id: 21 }] } } };
    const calls = fakeApi(api);
    expect(await attachDocument(dp, { ...pump, documents_collection_id: 40 }, 22)).toBe('added');
    expect(writes(calls)).toEqual([['PUT', '/api/documents_collection/40', { basic_docs_list: [{ id: 21 }, { id: 22 }] }]]);
  });

  it('changes nothing when the collection already lists the document', async () => {
    const api: Api = { collections: { 40: { id: 40, name: 'Docs', team_id: 1, basic_docs_list: [{ id: 21 }, { id: 22 }] } } };
    const calls = fakeApi(api);
    expect(await attachDocument(dp, { ...pump, documents_collection_id: 40 }, 22)).toBe('present');
    expect(writes(calls)).toEqual([]);
  });

  it('creates a collection for an object without one, numbered after its previous one, then names it on the object', async () => {
    const api: Api = { collections: { 41: { id: 41, name: 'Documentation for device Pump 3 v.2', team_id: 1, basic_docs_list: [] } } };
    const calls = fakeApi(api);
    expect(await attachDocument(dp, pump, 22)).toBe('added');
    expect(calls.find((c) => c.method === 'GET')!.url.searchParams.get('team_id')).toBe('1');
    expect(writes(calls)).toEqual([
      ['POST', '/api/documents_collection', { team_id: 1, name: 'Documentation for device Pump 3 v.3', basic_docs_list: [{ id: 22 }] }],
      ['PUT', '/api/device/7', { documents_collection_id: 100 }],
    ]);
  });

  it('removes the collection it created when the object refuses it, and throws', async () => {
    const api: Api = { collections: {}, failPut: '/api/device/7' };
    const calls = fakeApi(api);
    await expect(attachDocument(dp, pump, 22)).rejects.toMatchObject({ status: 409, description: 'Refused here.' });
    expect(writes(calls).map(([m, p]) => `${String(m)} ${String(p)}`)).toEqual(['POST /api/documents_collection', 'PUT /api/device/7', 'DELETE /api/documents_collection/100']);
    expect(api.collections).toEqual({});
  });

  it('detachDocument takes the document out of the collection, keeping the order of the others', async () => {
    const api: Api = { collections: { 40: { id: 40, name: 'Docs', team_id: 1, basic_docs_list: [{ id: 21 }, { id: 22 }, { id: 23 }] } } };
    const calls = fakeApi(api);
    await detachDocument(dp, 40, 22);
    expect(writes(calls)).toEqual([['PUT', '/api/documents_collection/40', { basic_docs_list: [{ id: 21 }, { id: 23 }] }]]);
  });
});

describe('the assign sequence', () => {
  const target = (id: number, name: string, collection: number | null): AssignTarget => ({
    category: device,
    id,
    name,
    label: name,
    team_id: 1,
    documents_collection_id: collection,
  });

  it("reads the team's objects with the team filter on the server, sorted by name", async () => {
    const calls = installFetch(() => jsonResponse([{ id: 7, name: 'Pump 3', team_id: 1, documents_collection_id: 40 }, { id: 8, name: 'Other team', team_id: 2 }]));
    const { targets: objects } = await fetchTeamObjects(dp, device, 1);
    expect(calls[0].url.pathname).toBe('/api/full/device');
    expect(calls[0].url.searchParams.get('range')).toBeNull();
    expect(JSON.parse(calls[0].url.searchParams.get('filter')!)).toEqual({ team_id: 1 });
    expect(calls[0].url.searchParams.get('fields')!.split(',')).toEqual(expect.arrayContaining(['id', 'name', 'team_id', 'documents_collection_id']));
    // Never another team's object, even if an answer held one.
    expect(objects.map((o) => [o.id, o.documents_collection_id])).toEqual([[7, 40]]);
  });

  it('goes one object after another, skips those already holding the document, and stops at the first failure', async () => {
    const api: Api = {
      collections: { 40: { id: 40, name: 'A', team_id: 1, basic_docs_list: [{ id: 22 }] }, 41: { id: 41, name: 'B', team_id: 1, basic_docs_list: [] }, 42: { id: 42, name: 'C', team_id: 1, basic_docs_list: [] } },
      failPut: '/api/documents_collection/41',
    };
    const calls = fakeApi(api);
    const progress: number[] = [];
    const result = await assignInSequence(dp, [target(1, 'a', 40), target(2, 'b', 41), target(3, 'c', 42)], 22, (n) => progress.push(n));
    expect(result.skipped.map((t) => t.name)).toEqual(['a']);
    expect(result.added).toEqual([]);
    expect(result.failed?.target.name).toBe('b');
    expect(progress).toEqual([1]);
    expect(calls.some((c) => c.url.pathname === '/api/documents_collection/42')).toBe(false);
  });
});
