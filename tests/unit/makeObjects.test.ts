/**
 * The one fixture maker makes an object of any category an integrator declares, whatever its
 * required fields' kinds and declared rules (an e-mail, a range, a minimum length): a category the
 * maker has no value for would fail every suite that walks the categories, a test edit the guide
 * promises is never needed.
 */
import { expect, it } from 'vitest';
import { categories, defineCategory, objectProblems, withDefaults } from '../../src/schemas';
import { teamField } from '../../src/schemas/fields';
import { makeObjects } from '../fixtures/makeObjects';

const inspection = defineCategory({
  key: 'fixture_inspection',
  id: 9103,
  singular: 'inspection',
  title: 'Inspection',
  plural: 'Inspections',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    team_id: teamField,
    reference: { kind: 'text', label: 'Reference', required: 'A reference is required.', minLength: 40, list: true },
    inspector: { kind: 'email', label: 'Inspector e-mail', required: 'An inspector is required.' },
    floors: { kind: 'integer', label: 'Floors', required: 'Floors are required.', min: 5, max: 9 },
    cost: { kind: 'number', label: 'Cost', required: 'A cost is required.', min: -3.5, max: -1 },
  },
  summary: ['reference', 'id'],
});

it('makes an object of a category whose required fields are an e-mail, bounded numbers and a long text', async () => {
  const made: Record<string, Record<string, unknown>> = {};
  let next = 1;
  const api = {
    list: () => Promise.resolve([]),
    create: (key: string, body: Record<string, unknown>) => {
      made[key] = body;
      return Promise.resolve(next++);
    },
  };
  const ids = await makeObjects(api, 1, 'A', [...categories, inspection]);
  expect(ids[inspection.key]).toBeGreaterThan(0);
  expect(objectProblems(inspection, Object.keys(made[inspection.key]), withDefaults(inspection, made[inspection.key]))).toEqual({});
});
