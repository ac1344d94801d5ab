/**
 * Rules the server derives from the declarations alone (server/crud: follows.ts, locks.ts,
 * references.ts): a device follows its group's target firmware and its type's icon, lists of
 * references are checked and keep what they list, and an object's team cannot change while a
 * same-team reference of any category names it. The last suite builds the app on a registry
 * with one more category and finds the same rules applied to it, with no other code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { categories, defineCategory } from '../../src/schemas';
import { targetFirmwareField, teamField, typeField } from '../../src/schemas/fields';
import { buildApp } from '../../server/app';
import { serverRegistry } from '../../server/crud/registry';
import { hooks } from '../../server/registry';
import { createTableSql } from '../../server/db/ddl';
import { api, createTestApp, expectError, memberOf, signIn, type Client, type TestApp } from './helpers';
import { createOk, twoTeamsWithEverything, type Ids } from './crudFixtures';

let t: TestApp;
let alice: Ids;
let bob: Ids;
let aliceClient: Client;
let bobClient: Client;
/** Administrator of both teams: may move objects between them. */
let carol: Client;

beforeAll(async () => {
  t = await createTestApp();
  ({ alice, bob, aliceClient, bobClient } = await twoTeamsWithEverything(t));
  carol = await memberOf(t, 'carol', [alice.team, bob.team]);
});
afterAll(() => t.close());

const read = async (client: Client, key: string, id: unknown) => (await client.get(`/api/${key}/${String(id)}`)).json();

describe('a device follows its group (spec section 4, group choice)', () => {
  let fw2: number;
  /** Groups aiming at alice.firmware and at fw2. */
  let group1: number;
  let group2: number;
  beforeAll(async () => {
    group1 = (await createOk(aliceClient, 'devices_group', { name: 'group A1', team_id: alice.team, type_id: alice.type, target_firmware_id: alice.firmware })).id as number;
    fw2 = (await createOk(aliceClient, 'firmware', { name: 'fw A2', version: '2.0.0', team_id: alice.team, type_id: alice.type })).id as number;
    group2 = (await createOk(aliceClient, 'devices_group', { name: 'group A2', team_id: alice.team, type_id: alice.type, target_firmware_id: fw2 })).id as number;
  });

  it("choosing a group sets the group's target firmware, on create and on update", async () => {
    const dev = await createOk(aliceClient, 'device', { name: 'follower', team_id: alice.team, type_id: alice.type, uid_for_type: 'f-1', group_id: group2 });
    expect(dev.target_firmware_id).toBe(fw2);
    const moved = await aliceClient.put(`/api/device/${String(dev.id)}`, { group_id: group1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().target_firmware_id).toBe(alice.firmware);
  });

  it('an individual firmware is refused while the device is in a group; the group\'s own is accepted', async () => {
    const body = { name: 'individualist', team_id: alice.team, type_id: alice.type, uid_for_type: 'f-2', group_id: group2 };
    await expectError(aliceClient.post('/api/device', { ...body, target_firmware_id: alice.firmware }), 400, messages.individualFirmwareInGroup);
    const dev = await createOk(aliceClient, 'device', { ...body, target_firmware_id: fw2 });
    await expectError(aliceClient.put(`/api/device/${String(dev.id)}`, { target_firmware_id: alice.firmware }), 400, messages.individualFirmwareInGroup);
    await expectError(aliceClient.put(`/api/device/${String(dev.id)}`, { target_firmware_id: null }), 400, messages.individualFirmwareInGroup);
    expect((await read(aliceClient, 'device', dev.id)).target_firmware_id).toBe(fw2);
  });

  it("a change of the group's target firmware reaches its devices, and only them", async () => {
    const inGroup = await createOk(aliceClient, 'device', { name: 'member', team_id: alice.team, type_id: alice.type, uid_for_type: 'f-3', group_id: group2 });
    const outside = await createOk(aliceClient, 'device', { name: 'loner', team_id: alice.team, type_id: alice.type, uid_for_type: 'f-4', target_firmware_id: fw2 });
    expect((await aliceClient.put(`/api/devices_group/${group2}`, { target_firmware_id: alice.firmware })).statusCode).toBe(200);
    expect((await read(aliceClient, 'device', inGroup.id)).target_firmware_id).toBe(alice.firmware);
    expect((await read(aliceClient, 'device', outside.id)).target_firmware_id).toBe(fw2);
  });

  it("a group of another team is not found, whatever firmware is sent: its own is not revealed", async () => {
    for (const target_firmware_id of [alice.firmware, bob.firmware]) {
      await expectError(bobClient.put(`/api/device/${bob.device}`, { group_id: alice.devices_group, target_firmware_id }), 400, ownMessages.referenceNotFound('Group'));
    }
  });

  it('a device that leaves its group keeps the firmware, then may choose its own', async () => {
    const dev = await createOk(aliceClient, 'device', { name: 'leaver', team_id: alice.team, type_id: alice.type, uid_for_type: 'f-5', group_id: group1 });
    const left = await aliceClient.put(`/api/device/${String(dev.id)}`, { group_id: null });
    expect(left.json().target_firmware_id).toBe(alice.firmware);
    const own = await aliceClient.put(`/api/device/${String(dev.id)}`, { target_firmware_id: fw2 });
    expect(own.statusCode).toBe(200);
    expect(own.json().target_firmware_id).toBe(fw2);
  });
});

describe("a device shows its type's icon (follows always)", () => {
  // A GIF's header, then a few bytes telling the colours apart.
  const icon = (color: string) => `data:image/gif;base64,${Buffer.from(`GIF89a${color}`).toString('base64')}`;

  it("takes the type's icon, follows its changes, and takes none of its own", async () => {
    const type = (await createOk(aliceClient, 'type', { name: 'iconic type', team_id: alice.team, icon: icon('red') })).id;
    const dev = await createOk(aliceClient, 'device', { name: 'iconic', team_id: alice.team, type_id: type, uid_for_type: 'i-1' });
    expect(dev.icon).toBe(icon('red'));
    await aliceClient.put(`/api/type/${String(type)}`, { icon: icon('blue') });
    expect((await read(aliceClient, 'device', dev.id)).icon).toBe(icon('blue'));
    await expectError(aliceClient.put(`/api/device/${String(dev.id)}`, { icon: icon('green') }), 400, ownMessages.readOnlyField('icon'));
  });
});

describe('lists of references (basic_docs_list)', () => {
  it('name each document once (a collection says so with its declared message)', async () => {
    await expectError(
      aliceClient.put(`/api/documents_collection/${alice.documents_collection}`, { basic_docs_list: [alice.basic_document, { id: alice.basic_document }] }),
      400,
      messages.documentAlreadyInCollection,
    );
  });

  it('keep a listed document from being deleted, naming the collection or the objects holding it; unlisted, it goes', async () => {
    const doc = (await createOk(aliceClient, 'basic_document', { name: 'listed doc', team_id: alice.team, content: 'x' })).id;
    const coll = await createOk(aliceClient, 'documents_collection', { name: 'doc list', team_id: alice.team, basic_docs_list: [{ id: doc }] });
    await expectError(aliceClient.del(`/api/basic_document/${String(doc)}`), 409, ownMessages.inUseIn('listed doc', "documents collection 'doc list'"));
    await createOk(aliceClient, 'device', { name: 'doc holder', team_id: alice.team, type_id: alice.type, uid_for_type: 'd-1', documents_collection_id: coll.id });
    await expectError(aliceClient.del(`/api/basic_document/${String(doc)}`), 409, ownMessages.inUseBy('listed doc', "device 'doc holder'"));
    await aliceClient.put(`/api/documents_collection/${String(coll.id)}`, { basic_docs_list: [] });
    expect((await aliceClient.del(`/api/basic_document/${String(doc)}`)).statusCode).toBe(200);
  });

  it("keep a listed document's team; a collection listing team A's document cannot move to team B", async () => {
    const doc = (await createOk(carol, 'basic_document', { name: 'kept doc', team_id: alice.team, content: 'x' })).id;
    const coll = await createOk(carol, 'documents_collection', { name: 'A list', team_id: alice.team, basic_docs_list: [{ id: doc }] });
    await expectError(carol.put(`/api/basic_document/${String(doc)}`, { team_id: bob.team }), 409, ownMessages.teamCannotChange);
    await expectError(carol.put(`/api/documents_collection/${String(coll.id)}`, { team_id: bob.team }), 400, ownMessages.referenceOtherTeam('Documents'));
    expect((await read(carol, 'documents_collection', coll.id)).team_id).toBe(alice.team);
  });
});

describe('the team of an object named by a same-team reference cannot change (no leak across teams)', () => {
  it('a type used only by a group, only by a firmware, or only by a device keeps its team', async () => {
    const newType = async (name: string) => (await createOk(carol, 'type', { name, team_id: alice.team })).id as number;
    const byGroup = await newType('type of a group');
    await createOk(carol, 'devices_group', { name: 'lone group', team_id: alice.team, type_id: byGroup });
    const byFirmware = await newType('type of a firmware');
    await createOk(carol, 'firmware', { name: 'lone fw', version: '1.0.0', team_id: alice.team, type_id: byFirmware });
    const byDevice = await newType('type of a device');
    await createOk(carol, 'device', { name: 'lone dev', team_id: alice.team, type_id: byDevice, uid_for_type: 'l-1' });
    for (const type of [byGroup, byFirmware, byDevice]) {
      await expectError(carol.put(`/api/type/${type}`, { team_id: bob.team }), 409, ownMessages.teamCannotChange);
      expect((await read(carol, 'type', type)).team_id).toBe(alice.team);
    }
    const unused = await newType('unused type');
    expect((await carol.put(`/api/type/${unused}`, { team_id: bob.team })).statusCode).toBe(200);
  });

  it('a collection used as the documentation of a type keeps its team', async () => {
    const coll = (await createOk(carol, 'documents_collection', { name: 'type docs', team_id: alice.team })).id;
    await createOk(carol, 'type', { name: 'documented type', team_id: alice.team, documents_collection_id: coll });
    await expectError(carol.put(`/api/documents_collection/${String(coll)}`, { team_id: bob.team }), 409, ownMessages.teamCannotChange);
  });

  it('a firmware that is the current firmware of a device keeps its team', async () => {
    const fw = (await createOk(carol, 'firmware', { name: 'running fw', version: '3.0.0', team_id: alice.team, type_id: alice.type })).id;
    await t.db.query('UPDATE device SET current_firmware_id = $1 WHERE id = $2', [fw, alice.device]);
    await expectError(carol.put(`/api/firmware/${String(fw)}`, { team_id: bob.team }), 409, ownMessages.teamCannotChange);
  });
});

describe('a category added to the registry gets the same rules with no other code', () => {
  const site = defineCategory({
    key: 'fixture_site',
    id: 90,
    singular: 'site',
    title: 'Site',
    plural: 'Sites',
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: {
      name: { kind: 'text', label: 'Name', required: messages.nameEmpty },
      team_id: teamField,
      type_id: { ...typeField, required: undefined },
      manuals: { kind: 'refList', ref: 'basic_document', label: 'Manuals', default: [] },
      target_firmware_id: targetFirmwareField,
    },
    summary: ['name', 'id'],
    lists: { visits: { category: 'visit', via: 'site_id' } },
    counts: { number_of_visits: { category: 'visit', via: 'site_id' } },
  });
  const visit = defineCategory({
    key: 'visit',
    id: 91,
    singular: 'visit',
    title: 'Visit',
    plural: 'Visits',
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: {
      name: { kind: 'text', label: 'Name', required: messages.nameEmpty, list: true },
      team_id: teamField,
      site_id: { kind: 'ref', ref: 'fixture_site', label: 'Site', required: 'A site is required.', list: true },
    },
    summary: ['name', 'id'],
    expansions: { site: { field: 'site_id' } },
  });
  let siteApp: Awaited<ReturnType<typeof buildApp>>;
  let client: Client;

  beforeAll(async () => {
    await t.db.exec(createTableSql(site));
    await t.db.exec(createTableSql(visit));
    siteApp = await buildApp({ db: t.db, config: t.config, registry: serverRegistry([...categories, site, visit], hooks) });
    await siteApp.ready();
    client = api(siteApp, await signIn(siteApp, 'carol', 'correct horse battery'));
  });
  afterAll(() => siteApp.close());

  it('checks its references and lists, and what it names can neither move nor go', async () => {
    const type = (await createOk(client, 'type', { name: 'site type', team_id: alice.team })).id;
    const doc = (await createOk(client, 'basic_document', { name: 'site manual', team_id: alice.team, content: 'x' })).id;
    await expectError(client.post('/api/fixture_site', { name: 'mixed', team_id: alice.team, manuals: [bob.basic_document] }), 400, ownMessages.referenceOtherTeam('Manuals'));
    await expectError(client.post('/api/fixture_site', { name: 'mixed', team_id: alice.team, type_id: bob.type }), 400, ownMessages.referenceOtherTeam('Type'));
    await createOk(client, 'fixture_site', { name: 'plant', team_id: alice.team, type_id: type, manuals: [{ id: doc }] });
    await expectError(client.put(`/api/type/${String(type)}`, { team_id: bob.team }), 409, ownMessages.teamCannotChange);
    await expectError(client.put(`/api/basic_document/${String(doc)}`, { team_id: bob.team }), 409, ownMessages.teamCannotChange);
    await expectError(client.del(`/api/basic_document/${String(doc)}`), 409, ownMessages.inUseIn('site manual', "site 'plant'"));
    // The app built on the default registry knows nothing of sites.
    expect((await carol.get('/api/fixture_site')).statusCode).toBe(404);
  });

  it('a firmware it targets cannot be disabled', async () => {
    const type = (await createOk(client, 'type', { name: 'site firmware type', team_id: alice.team })).id;
    const fw = (await createOk(client, 'firmware', { name: 'site fw', version: '1.0.0', team_id: alice.team, type_id: type })).id;
    const plant = (await createOk(client, 'fixture_site', { name: 'aimed', team_id: alice.team, type_id: type, target_firmware_id: fw })).id;
    await expectError(client.put(`/api/firmware/${String(fw)}`, { is_disabled: 1 }), 409, ownMessages.firmwareIsTarget);
    expect((await read(client, 'firmware', fw)).is_disabled).toBe(0);
    expect((await client.put(`/api/fixture_site/${String(plant)}`, { target_firmware_id: null })).statusCode).toBe(200);
    expect((await client.put(`/api/firmware/${String(fw)}`, { is_disabled: 1 })).json().is_disabled).toBe(1);
  });

  it('reads its expansions, reverse lists and counts, and exports as CSV', async () => {
    const plant = (await createOk(client, 'fixture_site', { name: 'mill', team_id: alice.team })).id;
    const visitId = (await createOk(client, 'visit', { name: 'inspection', team_id: alice.team, site_id: plant })).id;
    const full = (await client.get(`/api/full/fixture_site/${String(plant)}`)).json();
    expect(full).toMatchObject({ visits: [{ id: visitId, name: 'inspection' }], number_of_visits: 1 });
    expect((await client.get(`/api/full/visit/${String(visitId)}`)).json().site).toEqual({ id: plant, name: 'mill' });
    const csv = await client.get('/api/download/csv_export/visit');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('inspection');
  });
});
