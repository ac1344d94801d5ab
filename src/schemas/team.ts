import { defineCategory } from './defineCategory';
import { iconField, nameField, notesField } from './fields';
import { messages } from '../messages';

export const team = defineCategory({
  key: 'team',
  id: 5,
  singular: 'team',
  title: 'Team',
  plural: 'Teams',
  scope: 'teamItself',
  permissions: { create: 'signedIn', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    notes: notesField,
    icon: iconField,
  },
  summary: ['name', 'id'],
  lists: { role: { category: 'role', via: 'team_id' } },
  console: {
    list: '/teams',
    listKind: 'table',
    base: 'team',
    listOnly: true,
    menu: { order: 5 },
    picker: { zeroFilter: messages.allTeams, autoSelectSingle: true },
  },
});
