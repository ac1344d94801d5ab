import { defineCategory, SHA3_HEX } from './defineCategory';
import { authorField, dateField, documentsCollectionField, iconField, nameField, notesField, teamField, typeField } from './fields';
import { checkCustomFields, checkFirmwareName, checkVersion } from './rules';
import { messages, ownMessages } from '../messages';

export const firmware = defineCategory({
  key: 'firmware',
  id: 4,
  singular: 'firmware',
  title: 'Firmware',
  plural: 'Firmwares',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(checkFirmwareName),
    team_id: teamField,
    type_id: typeField,
    version: {
      kind: 'text',
      label: 'Version',
      required: messages.versionEmpty,
      maxLength: 100,
      list: true,
      check: checkVersion,
      remoteCheck: { path: '/issemver', message: messages.versionNotSemver },
      confirmChange: true,
    },
    is_disabled: {
      kind: 'integer',
      label: 'Disabled',
      default: 0,
      input: 'switch',
      list: true,
      // Spec 'Enabled/Disabled switch': on and 'Enabled' for an enabled firmware (is_disabled 0).
      switchLabels: [ownMessages.disabled, ownMessages.enabled],
      switchInverted: true,
      // Spec: 'is_disabled equal 1'; a flag, 0 or 1.
      check: (v, label) => (v === 0 || v === 1 ? undefined : ownMessages.wrongFieldType(label, '0 or 1')),
    },
    filename: { kind: 'text', label: 'File', system: true },
    // Bytes; a double holds every size up to 2^53 exactly, where an integer column stops at 2 GiB.
    size: { kind: 'number', label: 'Size', system: true },
    firmware_hash: {
      kind: 'text',
      label: 'SHA3-256',
      maxLength: 64,
      input: 'none',
      // The server refuses any other value: the file store names the uploaded file by it.
      check: (v, label) => (typeof v === 'string' && SHA3_HEX.test(v) ? undefined : ownMessages.hashNotSha3(label)),
    },
    custom_fields: { kind: 'json', label: 'Custom fields', default: [], input: 'customFields', check: checkCustomFields },
    documents_collection_id: documentsCollectionField,
    notes: notesField,
    icon: iconField,
    author_id: authorField,
    date: dateField,
  },
  summary: ['name', 'version', 'id'],
  file: {
    part: 'firmware',
    filename: 'filename',
    size: 'size',
    date: 'date',
    hash: 'firmware_hash',
    hashFirst: true,
    immutable: true,
    required: messages.uploadRequired,
  },
  // Spec sections 2 and 4: hidden from the pickers, never a new target, not disabled while a target.
  disabled: {
    field: 'is_disabled',
    chosen: (o) => ownMessages.firmwareDisabled(String(o.name), String(o.version)),
    named: ownMessages.firmwareIsTarget,
  },
  unique: [
    {
      name: 'firmware_name_version_per_team_key',
      fields: ['team_id', 'name', 'version'],
      message: (o) => messages.firmwareNotUnique(String(o.name), String(o.version)),
    },
  ],
  expansions: { type: { field: 'type_id' }, author: { field: 'author_id' } },
  lists: {
    is_target_of: { category: 'device', via: 'target_firmware_id', heading: messages.isTargetOf },
    devices_group: { category: 'devices_group', via: 'target_firmware_id' },
    is_currently_on: { category: 'device', via: 'current_firmware_id', heading: messages.isCurrentlyOn },
  },
  console: {
    list: '/firmwares',
    listKind: 'table',
    needsFirst: 'type',
    base: 'firmware',
    menu: { order: 2 },
    picker: {
      zeroFilter: ownMessages.allFirmwares,
      zeroUnfiltered: ownMessages.selectTypeToFilterFirmwares,
      filterBy: ['type_id'],
      needsFilter: true,
      fields: ['version'],
      optionLabel: (o) => messages.firmwareOption(String(o.name ?? ''), String(o.version ?? '')),
    },
  },
});
