/**
 * Documentation of objects (issue 9, spec sections 2, 3, 4 and 7): a device, type, firmware or
 * group reads its collection's documents as `basic_docs_list`, in the collection's order; a
 * document reads where it is used as `used_in`; both computed for a whole list in a few queries,
 * and neither ever shows another team's objects. A document in use cannot be deleted, and the
 * refusal names the objects using it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let other: Awaited<ReturnType<typeof adminWithTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: c, teamId: team } = await adminWithTeam(t, 'librarian'));
  other = await adminWithTeam(t, 'neighbour');
});
afterAll(async () => t.close());

const FIELDS = ['id', 'name', 'doc_type', 'content', 'filename', 'target_class'];
const CATEGORIES = ['device', 'type', 'firmware', 'devices_group'] as const;
let made = 0;

const doc = async (client: Client, teamId: number, extra: Record<string, unknown> = {}) => {
  made++;
  return (await createOk(client, 'basic_document', { name: `doc ${made}`, team_id: teamId, content: `text ${made}`, ...extra })).id as number;
};
const collection = async (docs: number[], client = c, teamId = team) => {
  made++;
  return (await createOk(client, 'documents_collection', { name: `coll ${made}`, team_id: teamId, basic_docs_list: docs.map((id) => ({ id })) })).id as number;
};

/** One object of each documented category in the team, named `${prefix} <category>`. */
async function objects(prefix: string): Promise<Record<(typeof CATEGORIES)[number], number>> {
  const own = (await createOk(c, 'type', { name: `${prefix} type`, team_id: team })).id as number;
  const firmware = (await createOk(c, 'firmware', { name: `${prefix} firmware`, version: '2.0.0', team_id: team, type_id: own })).id as number;
  const group = (await createOk(c, 'devices_group', { name: `${prefix} devices_group`, team_id: team, type_id: own })).id as number;
  const device = (await createOk(c, 'device', { name: `${prefix} device`, team_id: team, type_id: own, uid_for_type: prefix })).id as number;
  return { device, type: own, firmware, devices_group: group };
}

const full = async (client: Client, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};
const usedIn = async (id: number, client = c) => (await full(client, `/api/full/basic_document/${id}?fields=name,used_in`)).used_in;
const docsOf = async (cat: string, id: number, client = c) => (await full(client, `/api/full/${cat}/${id}?fields=basic_docs_list,documents_collection_id`)).basic_docs_list;

describe('basic_docs_list: the documentation of a device, type, firmware or group', () => {
  it.each(CATEGORIES)('%s reads its collection\'s documents in the collection\'s order', async (cat) => {
    const text = await doc(c, team, { doc_type: 'text', target_class: 'device' });
    const link = await doc(c, team, { doc_type: 'link', content: 'https://example.com/manual' });
    const file = await doc(c, team, { doc_type: 'file', content: '' });
    const coll = await collection([link, file, text]);
    const id = (await objects(`ordered ${cat}`))[cat];
    expect(await docsOf(cat, id)).toEqual([]);
    expect((await c.put(`/api/${cat}/${id}`, { documents_collection_id: coll })).statusCode).toBe(200);

    const answer = await full(c, `/api/full/${cat}/${id}?fields=basic_docs_list,documents_collection_id`);
    expect(Object.keys(answer).sort()).toEqual(['basic_docs_list', 'documents_collection_id', 'id']);
    expect(answer.documents_collection_id).toBe(coll);
    const list = answer.basic_docs_list as Record<string, unknown>[];
    expect(list.map((d) => d.id)).toEqual([link, file, text]);
    for (const d of list) expect(Object.keys(d)).toEqual(FIELDS);
    expect(list[2]).toMatchObject({ name: expect.any(String), doc_type: 'text', content: expect.stringMatching(/^text /), filename: null, target_class: 'device' });

    // Reordering the collection reorders the documentation; the object's full read carries it too.
    expect((await c.put(`/api/documents_collection/${coll}`, { basic_docs_list: [text, link] })).statusCode).toBe(200);
    expect(((await full(c, `/api/full/${cat}/${id}`)).basic_docs_list as { id: number }[]).map((d) => d.id)).toEqual([text, link]);
    expect((await docsOf(cat, id)) as unknown[]).toHaveLength(2);
  });

  it('a collection keeps its stored list of ids', async () => {
    const a = await doc(c, team);
    const coll = await collection([a]);
    expect((await full(c, `/api/full/documents_collection/${coll}?fields=basic_docs_list`)).basic_docs_list).toEqual([{ id: a }]);
  });

  it("is read only: a device's basic_docs_list cannot be written", async () => {
    const { device } = await objects('read only');
    const res = await c.put(`/api/device/${device}`, { basic_docs_list: [{ id: await doc(c, team) }] });
    expect(res.statusCode).toBe(400);
    expect(await docsOf('device', device)).toEqual([]);
  });
});

describe("used_in: where a document is used", () => {
  it('names the types, firmwares, groups and devices whose collection lists it, each by name', async () => {
    const shared = await doc(c, team);
    const unused = await doc(c, team);
    const coll = await collection([shared]);
    const b = await objects('b');
    const a = await objects('a');
    for (const cat of CATEGORIES) for (const set of [b, a]) expect((await c.put(`/api/${cat}/${set[cat]}`, { documents_collection_id: coll })).statusCode).toBe(200);

    expect(await usedIn(shared)).toEqual({
      device: [
        { id: a.device, name: 'a device' },
        { id: b.device, name: 'b device' },
      ],
      devices_group: [
        { id: a.devices_group, name: 'a devices_group' },
        { id: b.devices_group, name: 'b devices_group' },
      ],
      type: [
        { id: a.type, name: 'a type' },
        { id: b.type, name: 'b type' },
      ],
      firmware: [
        { id: a.firmware, name: 'a firmware', version: '2.0.0' },
        { id: b.firmware, name: 'b firmware', version: '2.0.0' },
      ],
    });
    expect(await usedIn(unused)).toEqual({ device: [], devices_group: [], type: [], firmware: [] });
    expect((await full(c, `/api/full/basic_document/${shared}`)).used_in).toEqual(await usedIn(shared));
  });

  it('is computed for a list of documents with a few queries, not one per row', async () => {
    const docs: number[] = [];
    for (let i = 0; i < 30; i++) docs.push(await doc(c, team));
    const coll = await collection(docs);
    const { device } = await objects('bulk');
    await c.put(`/api/device/${device}`, { documents_collection_id: coll });
    const query = t.db.query.bind(t.db);
    let queries = 0;
    t.db.query = ((sql: string, params?: unknown[]) => {
      queries++;
      return query(sql, params);
    }) as typeof t.db.query;
    try {
      const list = (await full(c, `/api/full/basic_document?team_id=${team}&fields=id,used_in`)).json_list as { id: number; used_in: { device: unknown[] } }[];
      const listed = list.filter((d) => docs.includes(d.id));
      expect(listed).toHaveLength(30);
      for (const d of listed) expect(d.used_in.device).toEqual([{ id: device, name: 'bulk device' }]);
    } finally {
      t.db.query = query;
    }
    expect(queries).toBeLessThan(10);
  });
});

describe('team isolation', () => {
  it("a collection cannot list another team's document, nor an object hold another team's collection: like an unknown id", async () => {
    const theirs = await doc(other.client, other.teamId);
    const theirColl = await collection([theirs], other.client, other.teamId);
    const listNotFound = ownMessages.referenceNotFound('Documents');
    await expectError(c.post('/api/documents_collection', { name: 'foreign', team_id: team, basic_docs_list: [{ id: theirs }] }), 400, listNotFound);
    await expectError(c.post('/api/documents_collection', { name: 'unknown', team_id: team, basic_docs_list: [{ id: 999_999 }] }), 400, listNotFound);
    const mine = await collection([]);
    await expectError(c.put(`/api/documents_collection/${mine}`, { basic_docs_list: [{ id: theirs }] }), 400, listNotFound);
    const ids = await objects('isolated');
    for (const cat of CATEGORIES) {
      const notFound = ownMessages.referenceNotFound('Documentation');
      await expectError(c.put(`/api/${cat}/${ids[cat]}`, { documents_collection_id: theirColl }), 400, notFound);
      await expectError(c.put(`/api/${cat}/${ids[cat]}`, { documents_collection_id: 999_999 }), 400, notFound);
      expect(await docsOf(cat, ids[cat])).toEqual([]);
    }
  });

  it("stored lists crossing teams (written before the checks) show neither team the other's objects", async () => {
    const mine = await doc(c, team);
    const theirs = await doc(other.client, other.teamId);
    const theirUsing = (await createOk(other.client, 'type', { name: 'their type', team_id: other.teamId })).id as number;
    const theirColl = await collection([theirs], other.client, other.teamId);
    await other.client.put(`/api/type/${theirUsing}`, { documents_collection_id: theirColl });
    const mixed = await collection([mine]);
    const ids = await objects('mixed');
    await c.put(`/api/device/${ids.device}`, { documents_collection_id: mixed });
    // Written behind the API's back: my collection lists their document, my type holds their collection.
    await t.db.query('UPDATE documents_collection SET basic_docs_list = $1::jsonb WHERE id = $2', [JSON.stringify([{ id: theirs }, { id: mine }]), mixed]);
    await t.db.query('UPDATE type SET documents_collection_id = $1 WHERE id = $2', [theirColl, ids.type]);

    expect(((await docsOf('device', ids.device)) as { id: number }[]).map((d) => d.id)).toEqual([mine]);
    expect(await docsOf('type', ids.type)).toEqual([]);
    expect(await usedIn(theirs, other.client)).toEqual({ device: [], devices_group: [], type: [{ id: theirUsing, name: 'their type' }], firmware: [] });
    expect(await usedIn(mine)).toMatchObject({ device: [{ id: ids.device, name: 'mixed device' }], type: [] });
    // Their objects stay invisible to me, their documents to my objects.
    await expectError(c.get(`/api/full/basic_document/${theirs}?fields=used_in`), 404, ownMessages.notFound);
  });
});

describe('deleting a document in use', () => {
  it('is refused (409) naming the objects whose documentation holds it; once removed it goes', async () => {
    const used = await doc(c, team, { name: 'Wiring' });
    const coll = await collection([used]);
    const ids = await objects('holder');
    await c.put(`/api/device/${ids.device}`, { documents_collection_id: coll });
    await c.put(`/api/type/${ids.type}`, { documents_collection_id: coll });
    const res = await c.del(`/api/basic_document/${used}`);
    expect(res.statusCode).toBe(409);
    const text = (res.json() as { Description: string }).Description;
    expect([ownMessages.inUseBy('Wiring', "device 'holder device', type 'holder type'"), ownMessages.inUseBy('Wiring', "type 'holder type', device 'holder device'")]).toContain(text);

    // Held by no object, the collection itself is named.
    await c.put(`/api/device/${ids.device}`, { documents_collection_id: null });
    await c.put(`/api/type/${ids.type}`, { documents_collection_id: null });
    const name = ((await c.get(`/api/documents_collection/${coll}`)).json() as { name: string }).name;
    await expectError(c.del(`/api/basic_document/${used}`), 409, ownMessages.inUseIn('Wiring', `documents collection '${name}'`));

    expect((await c.put(`/api/documents_collection/${coll}`, { basic_docs_list: [] })).statusCode).toBe(200);
    expect((await c.del(`/api/basic_document/${used}`)).statusCode).toBe(200);
  });
});
