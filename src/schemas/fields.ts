/** Field declarations shared by several categories (spec section 3, common fields). */
import type { FieldSpec } from './defineCategory';
import { messages } from '../messages';
import { checkIcon, checkName } from './rules';

export const MAX_NAME = 200;
export const MAX_NOTES = 10_000;
/** An icon is a data URL of a small image. */
export const MAX_ICON = 300_000;

export const nameField = (check: (v: unknown) => string | undefined = checkName) =>
  ({
    kind: 'text',
    label: 'Name',
    required: messages.nameEmpty,
    maxLength: MAX_NAME,
    list: true,
    searchable: true,
    lookalike: true,
    check,
  }) as const satisfies FieldSpec;

export const teamField = {
  kind: 'ref',
  ref: 'team',
  label: 'Team',
  required: messages.teamRequired,
  list: true,
  filter: true,
  input: 'select',
  requiredFirst: messages.teamFirst,
} as const satisfies FieldSpec;

export const typeField = {
  kind: 'ref',
  ref: 'type',
  label: 'Type',
  required: messages.typeRequired,
  list: true,
  filter: true,
  input: 'select',
  requiredFirst: messages.typeFirst,
  confirmChange: true,
} as const satisfies FieldSpec;

export const notesField = { kind: 'text', label: 'Notes', maxLength: MAX_NOTES, input: 'textarea', default: '' } as const satisfies FieldSpec;

export const iconField = { kind: 'text', label: 'Icon', maxLength: MAX_ICON, input: 'icon', default: null, check: checkIcon } as const satisfies FieldSpec;

export const authorField = {
  kind: 'ref',
  ref: 'user',
  label: 'Owner',
  system: true,
  sameTeam: false,
  onDelete: 'setNull',
  shownReadOnly: true,
} as const satisfies FieldSpec;

export const dateField = { kind: 'datetime', label: 'Creation date', system: true, shownReadOnly: true } as const satisfies FieldSpec;

/**
 * An object's documentation (spec sections 2, 3 and 7): its collection, whose documents the object
 * reads as `basic_docs_list`, and which each document reads back as `used_in`.
 */
export const documentsCollectionField = {
  kind: 'ref',
  ref: 'documents_collection',
  label: 'Documentation',
  input: 'none',
  onDelete: 'setNull',
  listThrough: {
    list: 'basic_docs_list',
    as: 'basic_docs_list',
    fields: ['id', 'name', 'doc_type', 'content', 'filename', 'target_class'],
    usedIn: 'used_in',
    usedInFields: ['id', 'name', 'version'],
  },
} as const satisfies FieldSpec;

/** A device's or group's target firmware: of the object's type, never a disabled one (spec section 4); changing it asks first. */
export const targetFirmwareField = {
  kind: 'ref',
  ref: 'firmware',
  label: 'Target firmware',
  list: true,
  input: 'select',
  matches: ['type_id'],
  enabledOnly: true,
  confirmChange: true,
} as const satisfies FieldSpec;
