/**
 * A rule made stricter (a shorter maxLength, a blank text now required, fewer url schemes) leaves the
 * stored values as they are, but such an object cannot be saved until the value is corrected: the
 * start that meets the changed registry says so, one line per field, with how many rows and an id.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineCategory, type FieldSpec } from '../../src/schemas/defineCategory';
import { teamField } from '../../src/schemas/fields';
import { migrate } from '../../server/db/migrate';
import { ownMessages } from '../../src/messages';
import { createTeam, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  teamId = await createTeam(t.db, 'Tightened', []);
});
afterAll(() => t.close());

const category = (fields: Record<string, FieldSpec>, key = 'tight', id = 1100) =>
  defineCategory({
    key,
    id,
    singular: key,
    title: key,
    plural: key,
    scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: { team_id: teamField, ...fields },
    summary: ['id'],
  });

it('reports, once, each field whose stored values break its new rule, with how many and a sample id', async () => {
  const loose = category({
    code: { kind: 'text', label: 'Code', maxLength: 20, list: true },
    title: { kind: 'text', label: 'Title' },
    homepage: { kind: 'url', label: 'Home page' },
  });
  await migrate(t.db, [loose]);
  await t.db.exec(`INSERT INTO tight (team_id, code, title, homepage) VALUES
    (${teamId}, 'SHORT', 'A', 'https://a.example/'),
    (${teamId}, 'MUCH-TOO-LONG', '  ', 'http://b.example/'),
    (${teamId}, 'ALSO-TOO-LONG', 'C', NULL)`);
  expect((await migrate(t.db, [loose])).notices).toEqual([]);

  const strict = category({
    code: { kind: 'text', label: 'Code', maxLength: 8, list: true },
    title: { kind: 'text', label: 'Title', required: 'A title is required.' },
    homepage: { kind: 'url', label: 'Home page', schemes: ['https'] },
  });
  expect((await migrate(t.db, [strict])).notices).toEqual([
    ownMessages.migrationRuleBroken('tight.code', 2, 'at most 8 characters', 2),
    ownMessages.migrationRuleBroken('tight.title', 1, 'required', 2),
    ownMessages.migrationRuleBroken('tight.homepage', 1, 'https only', 2),
  ]);
  // The values are kept; an unchanged registry is not asked again.
  expect((await t.db.query(`SELECT code FROM tight ORDER BY id`)).rows.map((r) => r.code)).toEqual(['SHORT', 'MUCH-TOO-LONG', 'ALSO-TOO-LONG']);
  expect((await migrate(t.db, [strict])).notices).toEqual([]);
});

it('reports declared bounds made stricter (minLength, min, max) and values that are not e-mail addresses', async () => {
  const loose = category({
    pin: { kind: 'text', label: 'PIN' },
    floors: { kind: 'integer', label: 'Floors' },
    area: { kind: 'number', label: 'Area' },
    contact: { kind: 'text', label: 'Contact' },
  }, 'bounds', 1101);
  await migrate(t.db, [loose]);
  await t.db.exec(`INSERT INTO bounds (team_id, pin, floors, area, contact) VALUES
    (${teamId}, '1', 0, 12.5, 'ann@a.example'),
    (${teamId}, '1234', 40, -1, 'call Bob'),
    (${teamId}, '12345', 3, 80, NULL)`);
  const [first] = (await t.db.query<{ id: number }>('SELECT min(id)::int AS id FROM bounds')).rows;
  const strict = category({
    pin: { kind: 'text', label: 'PIN', minLength: 4 },
    floors: { kind: 'integer', label: 'Floors', min: 1, max: 30 },
    area: { kind: 'number', label: 'Area', min: 0 },
    contact: { kind: 'email', label: 'Contact' },
  }, 'bounds', 1101);
  expect((await migrate(t.db, [strict])).notices).toEqual([
    ownMessages.migrationRuleBroken('bounds.pin', 1, 'at least 4 characters', first.id),
    ownMessages.migrationRuleBroken('bounds.floors', 2, 'at least 1, at most 30', first.id),
    ownMessages.migrationRuleBroken('bounds.area', 1, 'at least 0', first.id + 1),
    ownMessages.migrationRuleBroken('bounds.contact', 1, 'an e-mail address', first.id + 1),
  ]);
});
