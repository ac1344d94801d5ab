import { defineCategory } from './defineCategory';
import { authorField, dateField, documentsCollectionField, iconField, nameField, notesField, targetFirmwareField, teamField, typeField } from './fields';
import { checkCustomFields, checkUid } from './rules';
import { messages, ownMessages } from '../messages';

/** A device's configuration sync states (spec section 4); null: never configured. */
export const CONFIG_STATES = ['synchronized', 'waiting_to_be_send', 'conflict'] as const;
export type ConfigState = (typeof CONFIG_STATES)[number];

/** How a device's update goes, as it reports it (docs/DEVICE_API.md 'Update states'). */
export const UPDATE_STATES = ['downloading', 'installing', 'succeeded', 'failed'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];
/** The longest failure message a device may report. */
export const UPDATE_MESSAGE_MAX = 1000;

export const device = defineCategory({
  key: 'device',
  id: 1,
  singular: 'device',
  title: 'Device',
  plural: 'Devices',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    type_id: { ...typeField, createInline: true },
    group_id: {
      kind: 'ref',
      ref: 'devices_group',
      label: 'Group',
      list: true,
      filter: true,
      input: 'select',
      onDelete: 'setNull',
      matches: ['type_id'],
      createInline: true,
      confirmChange: true,
    },
    uid_for_type: {
      kind: 'text',
      label: messages.defaultNameOfUid,
      required: messages.uidEmpty,
      maxLength: 200,
      list: true,
      searchable: true,
      searchLabel: ownMessages.uidSearched,
      // What a label or a box shows: typed whole in the devices' search box, it opens the device.
      findsOne: true,
      check: checkUid,
      labelFrom: { via: 'type_id', field: 'name_of_uid' },
    },
    target_firmware_id: {
      ...targetFirmwareField,
      searchable: true,
      // Spec section 4: a device in a group follows the group's target firmware.
      follows: { via: 'group_id', message: messages.individualFirmwareInGroup },
      confirmUnset: messages.unsetTargetFirmware,
    },
    // Searched and exported (by its name too, server/routes/csvNames.ts), though not a column of the table. A firmware
    // of the device's type (a check-in matches the report within it): that firmware's type cannot change under it.
    current_firmware_id: { kind: 'ref', ref: 'firmware', label: 'Current firmware', system: true, searchable: true, exported: true, matches: ['type_id'] },
    provisioning: {
      kind: 'json',
      label: 'Provisioning',
      default: null,
      input: 'json',
      // The type may declare the provisioning's JSON Schema: an @rjsf form then, checked by the server too.
      definedBy: { via: 'type_id', field: 'provisioning_schema', as: 'schema' },
    },
    custom_fields_from_type: {
      kind: 'json',
      label: 'Custom fields',
      default: [],
      input: 'customFields',
      // The search box finds a device by the value of any of its custom fields.
      searchValues: '$[*].value',
      check: checkCustomFields,
      definedBy: { via: 'type_id', field: 'custom_fields_devices', as: 'customFields' },
    },
    // The product's configuration for the device; a write's config_state follows the sync rules (server/categories/device.ts).
    config_id: { kind: 'ref', ref: 'config', label: 'Configuration', input: 'none' },
    // Computed by the server (docs/DEVICE_API.md); a write may only send the value the rules compute, so not a system field.
    config_state: {
      kind: 'enum',
      label: 'Configuration state',
      values: CONFIG_STATES,
      valueLabels: ownMessages.configStateLabels,
      input: 'none',
      list: true,
      filter: true,
    },
    last_config_sync: { kind: 'datetime', label: 'Last configuration sync', system: true },
    // The configuration a check-in's answer last carried, until the device reports holding one (docs/DEVICE_API.md):
    // a device applying it after a user saved again is told apart from a local change. Internal, never shown.
    config_sent_id: { kind: 'integer', label: 'Configuration sent', system: true, secret: true },
    // Every check-in writes it: indexed, it would make each check-in write every index of the table.
    last_seen: { kind: 'datetime', label: 'Last seen', system: true, list: true, recency: true },
    firmware_history: { kind: 'json', label: 'Firmware update history', system: true, default: [] },
    // The device's last update as it reports it (docs/DEVICE_API.md 'Update states'), kept on its row: four columns
    // null on a device that never reported one, read with the row a check-in reads anyway, written only when they change.
    // The state is a column and a filter of the table, so indexed: a check-in's last_seen write is no HOT update anyway
    // (last_seen is listed, so indexed too) and writes every index of the row; one more measured no slower (issue 30 item 4).
    update_state: {
      kind: 'enum',
      label: 'Update',
      values: UPDATE_STATES,
      valueLabels: ownMessages.updateStateLabels,
      system: true,
      shownReadOnly: 'whenSet',
      list: true,
      filter: true,
    },
    update_firmware_id: { kind: 'ref', ref: 'firmware', label: 'Update of', system: true, shownReadOnly: 'whenSet', onDelete: 'setNull', inheritsDocumentation: false },
    update_message: { kind: 'text', label: 'Last update failure', system: true, shownReadOnly: 'whenSet', maxLength: UPDATE_MESSAGE_MAX },
    update_changed: { kind: 'datetime', label: 'Update state changed', system: true, shownReadOnly: 'whenSet' },
    config_history: { kind: 'json', label: 'Configuration history', system: true, default: [] },
    to_be_claimed: { kind: 'boolean', label: 'Waiting to be claimed', system: true, default: false },
    claim_code: { kind: 'text', label: 'Claim code', system: true, secret: true },
    // The id in the device's /qr link (server/qr/): secret, so only GET /api/device_qr_code/{id} hands it out.
    qr_code_id: { kind: 'text', label: 'QR code', system: true, secret: true },
    documents_collection_id: documentsCollectionField,
    notes: notesField,
    // Spec section 2: a device shows its type's icon.
    icon: { ...iconField, follows: { via: 'type_id', always: true } },
    author_id: authorField,
    date: dateField,
  },
  // Spec section 4 'Firmware status icon on a device'. The device reports only what it runs (docs/DEVICE_API.md):
  // an update under way or one that failed is not told apart from one pending.
  comparisons: {
    firmware_status: {
      label: ownMessages.firmwareStatus,
      fields: ['current_firmware_id', 'target_firmware_id'],
      values: { same: 'ok', differ: 'pending', neither: 'none' },
      valueLabels: ownMessages.firmwareStatusLabels,
    },
  },
  summary: ['name', 'id'],
  unique: [
    { name: 'device_name_per_team_key', fields: ['team_id', 'name'], message: (o) => messages.nameNotUnique(String(o.name)) },
    { name: 'device_uid_per_type_key', fields: ['type_id', 'uid_for_type'], message: () => ownMessages.uniqueViolation('device_uid_per_type_key') },
    { name: 'device_qr_code_key', fields: ['qr_code_id'], message: () => ownMessages.uniqueViolation('device_qr_code_key') },
  ],
  expansions: {
    type: { field: 'type_id' },
    group: { field: 'group_id' },
    target_firmware: { field: 'target_firmware_id' },
    current_firmware: { field: 'current_firmware_id' },
    update_firmware: { field: 'update_firmware_id' },
    author: { field: 'author_id' },
  },
  console: {
    list: '/devices',
    listKind: 'table',
    needsFirst: 'type',
    base: 'device',
    menu: { order: 1 },
    // A fleet holds up to hundreds of thousands: pickers search the server, among the team's devices.
    picker: { search: true, filterBy: ['team_id'] },
  },
});
