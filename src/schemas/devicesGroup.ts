import { defineCategory } from './defineCategory';
import { authorField, documentsCollectionField, iconField, nameField, notesField, targetFirmwareField, teamField, typeField } from './fields';
import { messages } from '../messages';

export const devicesGroup = defineCategory({
  key: 'devices_group',
  id: 2,
  singular: 'group',
  title: 'Group',
  plural: 'Groups',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    type_id: typeField,
    target_firmware_id: targetFirmwareField,
    documents_collection_id: documentsCollectionField,
    notes: notesField,
    icon: iconField,
    author_id: authorField,
  },
  summary: ['name', 'id'],
  unique: [
    { name: 'devices_group_name_per_team_key', fields: ['team_id', 'name'], message: (o) => messages.nameNotUnique(String(o.name)) },
  ],
  expansions: { type: { field: 'type_id' }, target_firmware: { field: 'target_firmware_id' }, author: { field: 'author_id' } },
  lists: { devices: { category: 'device', via: 'group_id' } },
  lookups: { type_name: { via: 'type_id', field: 'name' } },
  counts: { number_of_devices: { category: 'device', via: 'group_id' } },
  console: {
    list: '/groups',
    listKind: 'list',
    needsFirst: 'type',
    base: 'group',
    menu: { order: 4 },
    picker: { zeroFilter: messages.allGroups, zeroUnfiltered: messages.selectTypeToFilterGroups, filterBy: ['type_id'], needsFilter: true },
  },
});
