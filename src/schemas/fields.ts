/** Field declarations shared by several categories (spec section 3, common fields). */
import type { FieldSpec } from './defineCategory';
import { messages } from '../messages';
import { checkName } from './rules';

export const MAX_NAME = 200;
export const MAX_NOTES = 10_000;
/** An icon is a data URL of a small image. */
export const MAX_ICON = 300_000;

export const nameField = (check: (v: unknown) => string | undefined = checkName): FieldSpec => ({
  kind: 'text',
  label: 'Name',
  required: messages.nameEmpty,
  maxLength: MAX_NAME,
  list: true,
  check,
});

export const teamField: FieldSpec = {
  kind: 'ref',
  ref: 'team',
  label: 'Team',
  required: messages.teamRequired,
  list: true,
  filter: true,
  input: 'select',
  requiredFirst: messages.teamFirst,
};

export const typeField: FieldSpec = {
  kind: 'ref',
  ref: 'type',
  label: 'Type',
  required: messages.typeRequired,
  list: true,
  filter: true,
  input: 'select',
  requiredFirst: messages.typeFirst,
  confirmChange: true,
};

export const notesField: FieldSpec = { kind: 'text', label: 'Notes', maxLength: MAX_NOTES, input: 'textarea', default: '' };

export const iconField: FieldSpec = { kind: 'text', label: 'Icon', maxLength: MAX_ICON, input: 'icon', default: null };

export const authorField: FieldSpec = {
  kind: 'ref',
  ref: 'user',
  label: 'Owner',
  system: true,
  sameTeam: false,
  onDelete: 'setNull',
  shownReadOnly: true,
};

export const dateField: FieldSpec = { kind: 'datetime', label: 'Creation date', system: true, shownReadOnly: true };

export const documentsCollectionField: FieldSpec = {
  kind: 'ref',
  ref: 'documents_collection',
  label: 'Documentation',
  input: 'none',
  onDelete: 'setNull',
};

/** A device's or group's target firmware: of the object's type (spec section 4); changing it asks first. */
export const targetFirmwareField: FieldSpec = {
  kind: 'ref',
  ref: 'firmware',
  label: 'Target firmware',
  list: true,
  input: 'select',
  matches: ['type_id'],
  confirmChange: true,
};
