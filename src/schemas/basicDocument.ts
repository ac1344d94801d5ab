import { defineCategory } from './defineCategory';
import { authorField, dateField, nameField, notesField, teamField } from './fields';
import { messages, ownMessages } from '../messages';
import { checkDocumentContent } from './rules';

export const DOC_TYPES = ['text', 'link', 'file', 'image', 'label_template', 'other'] as const;
export const TARGET_CLASSES = ['other', 'device', 'type', 'firmware', 'group'] as const;

/** A document type as the picker names it ('Text'); a type without a picker text as stored. */
const docTypeLabel = (value: unknown): string => (messages.docTypeLabels as Record<string, string>)[String(value)] ?? String(value ?? '');

export const basicDocument = defineCategory({
  key: 'basic_document',
  id: 10,
  singular: 'document',
  title: 'Document',
  plural: 'Documents',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    doc_type: {
      kind: 'enum',
      values: DOC_TYPES,
      // Spec sections 2 and 9: the picker offers Text, Link, File, Image; label templates and
      // other documents are made elsewhere, and keep their type when edited here.
      offered: DOC_TYPES.slice(0, 4),
      valueLabels: { ...messages.docTypeLabels, ...ownMessages.otherDocTypeLabels },
      label: 'Document type',
      default: 'text',
      list: true,
      filter: true,
    },
    target_class: { kind: 'enum', values: TARGET_CLASSES, label: 'Target class', default: 'other', list: true, filter: true },
    content: {
      kind: 'text',
      label: 'Content',
      default: '',
      maxLength: 1_000_000,
      input: 'textarea',
      checkWith: { on: ['doc_type'], check: checkDocumentContent },
    },
    filename: { kind: 'text', label: 'File', system: true },
    size: { kind: 'number', label: 'Size', system: true },
    file_hash: { kind: 'text', label: 'SHA3-256', system: true },
    file_date: { kind: 'datetime', label: 'Uploaded', system: true },
    notes: notesField,
    author_id: authorField,
    // Spec section 2: the creation date is shown for devices and firmwares only.
    date: { ...dateField, shownReadOnly: false },
  },
  summary: ['name', 'doc_type', 'id'],
  // Spec sections 2 and 7: File and Image documents hold an upload (POST /api/upload/document/{id},
  // part 'document'); it may be replaced, and an image must be one by its content.
  file: {
    part: 'document',
    route: 'document',
    filename: 'filename',
    size: 'size',
    date: 'file_date',
    hash: 'file_hash',
    hashFirst: false,
    immutable: false,
    required: messages.uploadRequired,
    orField: 'content',
    only: { field: 'doc_type', values: ['file', 'image'] },
    image: { field: 'doc_type', values: ['image'] },
  },
  unique: [{ name: 'basic_document_name_per_team_key', fields: ['team_id', 'name'], message: (o) => messages.nameNotUnique(String(o.name)) }],
  expansions: { author: { field: 'author_id' } },
  console: {
    list: '/documents',
    listKind: 'table',
    base: 'basic_document',
    newRoute: '/document_new',
    kindQuestion: messages.whatKindOfDocument,
    newName: (values) => messages.newDocumentName(docTypeLabel(values.doc_type)),
    menu: { order: 6 },
    kindLabel: ownMessages.documentKind,
    picker: {
      filterBy: ['team_id'],
      fields: ['doc_type'],
      optionLabel: (o) => messages.documentOption(String(o.name ?? ''), String(o.doc_type ?? '')),
    },
  },
});
