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

const category = (fields: Record<string, FieldSpec>) =>
  defineCategory({
    key: 'tight',
    id: 1100,
    singular: 'tight',
    title: 'tight',
    plural: 'tight',
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
