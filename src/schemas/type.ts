import { defineCategory } from './defineCategory';
import { authorField, documentsCollectionField, iconField, nameField, notesField, teamField } from './fields';
import { checkCustomFields } from './rules';
import { jsonSchemaCheck } from './definedBy';
import { messages } from '../messages';

export const type = defineCategory({
  key: 'type',
  id: 3,
  singular: 'type',
  title: 'Type',
  plural: 'Types',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    name_of_uid: { kind: 'text', label: messages.nameOfUidLabel, default: messages.defaultNameOfUid, maxLength: 200, list: true },
    custom_fields_devices: { kind: 'json', label: 'Custom fields of devices', default: [], input: 'customFields', check: checkCustomFields },
    // The JSON Schema of its devices' provisioning (spec section 2: provisioning as a JSON-Schema form).
    provisioning_schema: { kind: 'json', label: 'Provisioning schema', default: null, check: jsonSchemaCheck },
    documents_collection_id: documentsCollectionField,
    notes: notesField,
    icon: iconField,
    author_id: authorField,
  },
  summary: ['name', 'id', 'name_of_uid'],
  unique: [{ name: 'type_name_per_team_key', fields: ['team_id', 'name'], message: (o) => messages.nameNotUnique(String(o.name)) }],
  expansions: { author: { field: 'author_id' } },
  lists: {
    firmware: { category: 'firmware', via: 'type_id' },
    devices_group: { category: 'devices_group', via: 'type_id' },
    device: { category: 'device', via: 'type_id' },
  },
  // Devices point at groups and firmwares, groups at a target firmware: they go first.
  deleteWithContent: ['device', 'devices_group', 'firmware'],
  console: {
    list: '/types',
    listKind: 'list',
    base: 'type',
    menu: { order: 3 },
    picker: { zeroFilter: messages.allTypes, zeroForm: messages.selectAType, filterBy: ['team_id'] },
  },
});
