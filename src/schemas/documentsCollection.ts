import { defineCategory } from './defineCategory';
import { authorField, nameField, notesField, teamField } from './fields';
import { messages, ownMessages } from '../messages';

export const documentsCollection = defineCategory({
  key: 'documents_collection',
  id: 11,
  singular: messages.documentsCollection,
  title: 'Documents collection',
  plural: 'Documents collections',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    basic_docs_list: {
      kind: 'refList',
      ref: 'basic_document',
      label: 'Documents',
      default: [],
      duplicate: messages.documentAlreadyInCollection,
    },
    notes: notesField,
    author_id: authorField,
  },
  summary: ['name', 'id'],
  unique: [
    { name: 'documents_collection_name_per_team_key', fields: ['team_id', 'name'], message: (o) => messages.nameNotUnique(String(o.name)) },
  ],
  expansions: { author: { field: 'author_id' } },
  console: {
    list: '/documents',
    listKind: 'table',
    base: 'documents_collection',
    newRoute: '/document_new',
    kindLabel: ownMessages.collectionKind,
  },
});
