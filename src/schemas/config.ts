import { defineCategory } from './defineCategory';
import { authorField, dateField, teamField } from './fields';
import { checkJsonText } from './rules';

/** A configuration text sent to a device (spec: POST /api/config with config and team_id). */
export const config = defineCategory({
  key: 'config',
  id: 8,
  singular: 'configuration',
  title: 'Configuration',
  plural: 'Configurations',
  scope: 'team',
  // A configuration is a record of what a device was sent or reported (its history names it): never changed or deleted.
  permissions: { create: 'teamAdmin', update: 'nobody', delete: 'nobody' },
  fields: {
    team_id: teamField,
    config: { kind: 'text', label: 'Configuration', default: '{}', maxLength: 1_000_000, input: 'json', check: checkJsonText },
    author_id: authorField,
    date: dateField,
  },
  summary: ['id', 'config'],
});
