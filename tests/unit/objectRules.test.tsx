/** The object screen's rules as plain functions of the schemas (spec sections 2, 4 and 5). */
import { describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { messages, ownMessages } from '../../src/messages';
import { getCategory, mustGetCategory } from '../../src/schemas';
import { formFieldNames, initialValues, readOnlyInfo, savePayload } from '../../src/resources/object/formFields';
import { lockedFields } from '../../src/resources/object/locks';
import { missingDependency, pickerDependencies, pickerFilters } from '../../src/resources/object/pickerRules';
import { errorListItems, existingNamesFields, validateObject } from '../../src/resources/object/validation';
import {
  changeConfirmationText,
  changeLines,
  confirmableChanges,
  followerLines,
  unsetWarnings,
} from '../../src/resources/object/changeConfirmation';
import { confirmBeforeSave } from '../../src/resources/object/confirmBeforeSave';

const device = mustGetCategory('device');
const firmware = mustGetCategory('firmware');
const type = mustGetCategory('type');
const group = mustGetCategory('devices_group');

describe('form fields', () => {
  it('are the writable fields with an input, in schema order', () => {
    expect(formFieldNames(firmware)).toEqual(['name', 'team_id', 'type_id', 'version', 'is_disabled', 'custom_fields', 'notes', 'icon']);
    expect(formFieldNames(device)).not.toContain('config_id');
    expect(formFieldNames(device)).not.toContain('author_id');
  });

  it('start a new object with the defaults and the name "New {category}"', () => {
    expect(initialValues(type)).toMatchObject({ name: 'New type', team_id: null, name_of_uid: messages.defaultNameOfUid, notes: '', icon: null });
    expect(initialValues(firmware, { team_id: 4 })).toMatchObject({ name: 'New firmware', team_id: 4, is_disabled: 0 });
  });

  it('show the product ID, the owner and, where the category has one, the creation date', () => {
    const record = { id: 5, author_id: 2, author: { id: 2, username: 'ada' }, date: '2024-01-03T04:05:06' };
    expect(readOnlyInfo(device, record, getCategory)).toEqual([
      { name: 'id', label: 'Product ID', value: '5' },
      { name: 'author_id', label: 'Owner', value: 'ada' },
      { name: 'date', label: 'Creation date', value: '03/01/2024, 04:05:06' },
    ]);
    expect(readOnlyInfo(type, record, getCategory).map((i) => i.label)).toEqual(['Product ID', 'Owner']);
    // Spec section 2: the creation date for devices and firmwares only, although documents have one.
    expect(readOnlyInfo(firmware, record, getCategory).map((i) => i.label)).toEqual(['Product ID', 'Owner', 'Creation date']);
    expect(readOnlyInfo(mustGetCategory('basic_document'), record, getCategory).map((i) => i.label)).toEqual(['Product ID', 'Owner']);
  });

  it("show a device's update state only once it has one (most devices never had an update)", () => {
    const record = { id: 5, author_id: 2, author: { id: 2, username: 'ada' }, update_state: 'failed', update_message: 'flash full' };
    expect(readOnlyInfo(device, record, getCategory).map((i) => [i.label, i.value])).toEqual([
      ['Product ID', '5'],
      ['Update', 'Failed'],
      ['Last update failure', 'flash full'],
      ['Owner', 'ada'],
      ['Creation date', ''],
    ]);
  });

  it('a save leaves out what follows another object: the target firmware of a device in a group, its type icon', () => {
    const values = { name: 'd', group_id: 3, target_firmware_id: 7, icon: 'data:x' };
    expect(savePayload(device, values)).toEqual({ name: 'd', group_id: 3 });
    expect(savePayload(device, { ...values, group_id: null })).toEqual({ name: 'd', group_id: null, target_firmware_id: 7 });
    expect(savePayload(type, { name: 't', icon: 'data:x' })).toEqual({ name: 't', icon: 'data:x' });
  });
});

describe('dependent pickers', () => {
  it('a type depends on the team; a group and a target firmware on the team and the type', () => {
    expect(pickerDependencies(device, 'type_id', getCategory)).toEqual(['team_id']);
    expect(pickerDependencies(device, 'group_id', getCategory)).toEqual(['team_id', 'type_id']);
    expect(pickerDependencies(group, 'target_firmware_id', getCategory)).toEqual(['team_id', 'type_id']);
    expect(pickerDependencies(device, 'team_id', getCategory)).toEqual([]);
  });

  it('say which choice is missing: the team first, else the type', () => {
    const deps = ['team_id', 'type_id'];
    expect(missingDependency(device, ['team_id'], {})).toBe(messages.teamFirst);
    expect(missingDependency(device, deps, {})).toBe(messages.typeFirst);
    expect(missingDependency(device, deps, { team_id: 1 })).toBe(messages.typeFirst);
    expect(missingDependency(device, deps, { team_id: 1, type_id: 2 })).toBeUndefined();
    expect(pickerFilters(deps, { team_id: 1, type_id: null })).toEqual({ team_id: 1 });
  });
});

describe('locks (spec sections 4 and 5)', () => {
  it('a firmware that is the target of a device or group keeps its type and team', () => {
    expect(lockedFields(firmware, { id: 1, is_target_of: [], devices_group: [] })).toEqual(new Set());
    expect(lockedFields(firmware, { id: 1, is_target_of: [{ id: 2 }], devices_group: [] })).toEqual(new Set(['type_id', 'team_id']));
    expect(lockedFields(firmware, { id: 1, is_target_of: [], devices_group: [{ id: 3 }] })).toEqual(new Set(['type_id', 'team_id']));
  });

  it('a group with devices keeps its type and team (from the list or the count)', () => {
    expect(lockedFields(group, { id: 1, devices: [], number_of_devices: 0 })).toEqual(new Set());
    expect(lockedFields(group, { id: 1, number_of_devices: 2 })).toEqual(new Set(['type_id', 'team_id']));
    expect(lockedFields(group, { id: 1, devices: [{ id: 4 }] })).toEqual(new Set(['type_id', 'team_id']));
  });

  it('a type with devices, groups or firmwares keeps its team; nothing is locked while adding', () => {
    expect(lockedFields(type, { id: 1, device: [], devices_group: [], firmware: [{ id: 1 }] })).toEqual(new Set(['team_id']));
    expect(lockedFields(type, { id: 1, device: [], devices_group: [], firmware: [] })).toEqual(new Set());
    expect(lockedFields(device, undefined)).toEqual(new Set());
  });
});

describe('validation (spec section 5)', () => {
  const fields = formFieldNames(firmware);
  const valid = { name: 'Core', team_id: 1, type_id: 2, version: '1.0.0', is_disabled: 0 };

  it('required fields and checks give the spec messages', () => {
    expect(validateObject({ category: firmware, fields, values: valid })).toEqual({});
    expect(validateObject({ category: firmware, fields, values: { ...valid, name: ' ', team_id: null, type_id: null, version: '' } })).toEqual({
      name: messages.nameEmpty,
      team_id: messages.teamRequired,
      type_id: messages.typeRequired,
      version: messages.versionEmpty,
    });
    expect(validateObject({ category: firmware, fields, values: { ...valid, name: 'a/b', version: 'one' } })).toEqual({
      name: messages.firmwareNameChars,
      version: messages.versionNotSemver,
    });
    expect(validateObject({ category: device, fields: formFieldNames(device), values: { name: 'a*', uid_for_type: '' } })).toMatchObject({
      name: messages.nameNotValid,
      uid_for_type: messages.uidEmpty,
    });
  });

  it("a document's content follows its type: text and link need one, a link an http(s) address", () => {
    const doc = mustGetCategory('basic_document');
    const check = (doc_type: string, content: string) =>
      validateObject({ category: doc, fields: formFieldNames(doc), values: { name: 'Guide', team_id: 1, doc_type, target_class: 'other', content } }).content;
    expect(check('text', ' ')).toBe(messages.contentEmpty);
    expect(check('text', 'Read me')).toBeUndefined();
    expect(check('link', '')).toBe(messages.contentEmpty);
    expect(check('link', 'javascript:alert(1)')).toBe(ownMessages.linkNotHttp);
    expect(check('link', 'https://example.com/guide')).toBeUndefined();
    expect(check('file', '')).toBeUndefined();
  });

  it('a failed remote check counts only when the local rules pass', () => {
    const remote = { version: messages.versionNotSemver };
    expect(validateObject({ category: firmware, fields, values: valid, remote })).toEqual({ version: messages.versionNotSemver });
    expect(validateObject({ category: firmware, fields, values: { ...valid, version: '' }, remote })).toEqual({ version: messages.versionEmpty });
  });

  it('names are unique in the team; an unchanged name is accepted; a firmware needs a unique name + version', () => {
    expect(existingNamesFields(device)).toEqual(['team_id', 'name']);
    expect(existingNamesFields(firmware)).toEqual(['team_id', 'name', 'version']);
    const existing = [
      { name: 'Core', team_id: 1, version: '1.0.0' },
      { name: 'Core', team_id: 9, version: '2.0.0' },
    ];
    expect(validateObject({ category: firmware, fields, values: valid, existing })).toEqual({
      version: messages.firmwareNotUnique('Core', '1.0.0'),
    });
    expect(validateObject({ category: firmware, fields, values: { ...valid, version: '2.0.0' }, existing })).toEqual({});
    expect(validateObject({ category: firmware, fields, values: valid, existing, record: { id: 4, ...valid } })).toEqual({});

    const names = [{ name: 'Probe', team_id: 1 }];
    const deviceValues = { name: 'Probe', team_id: 1 };
    expect(validateObject({ category: device, fields: ['name', 'team_id'], values: deviceValues, existing: names })).toEqual({
      name: messages.nameNotUnique('Probe'),
    });
    expect(validateObject({ category: device, fields: ['name', 'team_id'], values: { ...deviceValues, team_id: 2 }, existing: names })).toEqual({});
  });

  it('the error list starts with "Name is not valid." when the name is wrong, each message once', () => {
    expect(errorListItems(device, { name: messages.nameEmpty, uid_for_type: messages.uidEmpty })).toEqual([
      messages.nameNotValid,
      messages.nameEmpty,
      messages.uidEmpty,
    ]);
    expect(errorListItems(device, { name: messages.nameNotValid })).toEqual([messages.nameNotValid]);
    expect(errorListItems(device, { type_id: messages.typeRequired })).toEqual([messages.typeRequired]);
  });
});

describe('change confirmation (spec section 5)', () => {
  const record = { id: 1, name: 'd', type_id: 3, group_id: 11, target_firmware_id: 7, notes: '' };

  it('lists changes of type, group and target firmware, not of other fields', () => {
    const changes = confirmableChanges(device, { ...record, name: 'e', notes: 'x', group_id: 12, target_firmware_id: 8 }, record);
    expect(changes.map((c) => c.name)).toEqual(['group_id', 'target_firmware_id']);
    expect(confirmableChanges(device, { ...record, group_id: 11 }, record)).toEqual([]);
    expect(confirmableChanges(firmware, { version: '2.0.0' }, { version: '1.0.0' }).map((c) => c.label)).toEqual(['Version']);
    // Empty values are equal whatever their spelling.
    expect(confirmableChanges(device, { ...record, group_id: undefined }, { ...record, group_id: null })).toEqual([]);
  });

  it('writes one line per change, then the question', () => {
    const lines = changeLines(confirmableChanges(device, { ...record, group_id: null }, record), (_c, v) => `#${String(v)}`);
    expect(lines).toEqual([ownMessages.changeLine('Group', '#11', ownMessages.noValue)]);
    expect(changeConfirmationText(lines)).toBe(`Group: #11 → (none)\n${messages.confirmChanges}`);
  });

  it('warns when the user empties a target firmware, not when a group takes it away', () => {
    const alone = { ...record, group_id: null };
    expect(unsetWarnings(device, { ...alone, target_firmware_id: null }, alone)).toEqual([messages.unsetTargetFirmware]);
    expect(unsetWarnings(device, { ...record, target_firmware_id: null }, record)).toEqual([]);
    expect(unsetWarnings(device, alone, alone)).toEqual([]);
    expect(unsetWarnings(group, { target_firmware_id: null }, { target_firmware_id: 7 })).toEqual([]);
  });

  it("a group's target firmware change says how many devices it reaches (they follow it); a device's change says nothing more", () => {
    const loaded = { id: 20, target_firmware_id: 7, number_of_devices: 12 };
    const changes = confirmableChanges(group, { ...loaded, target_firmware_id: 8 }, loaded);
    expect(followerLines(group, changes, loaded)).toEqual(['This changes the target firmware of 12 devices in this group too.']);
    expect(followerLines(group, changes, { ...loaded, number_of_devices: 0 })).toEqual([]);
    expect(followerLines(device, confirmableChanges(device, { ...record, target_firmware_id: 8 }, record), record)).toEqual([]);
  });

  it('asks the warning, then the list with names; stops at the first refusal', async () => {
    const dataProvider = {
      getOne: vi.fn(async () => ({ data: { id: 12, name: 'South' } })),
    } as unknown as DataProvider;
    const loaded = { ...record, group: { id: 11, name: 'North' }, target_firmware_id: 7, target_firmware: { id: 7, name: 'Core', version: '1.0.0' } };
    const asked: string[] = [];
    const ok = await confirmBeforeSave(dataProvider, device, { ...loaded, group_id: 12, target_firmware_id: 7 }, loaded, (t) => {
      asked.push(t);
      return true;
    });
    expect(ok).toBe(true);
    expect(asked).toEqual([`Group: North → South\n${messages.confirmChanges}`]);

    const alone = { ...loaded, group_id: null, group: null };
    const refused = await confirmBeforeSave(dataProvider, device, { ...alone, target_firmware_id: null }, alone, () => false);
    expect(refused).toBe(false);
    expect(await confirmBeforeSave(dataProvider, device, alone, alone, () => false)).toBe(true);
  });
});
