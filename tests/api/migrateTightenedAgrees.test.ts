/**
 * The start's report of stricter rules (server/db/tightenedRules.ts) counts exactly the stored values
 * the API then refuses (src/schemas/compile.ts fieldProblem), so that no object is left unsavable
 * without a word, nor one reported that saves: an e-mail the API's format refuses though it has one
 * @ and a dot ('a..b@x.org'), and lengths counted as the API counts them (in characters: an emoji is one).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineCategory, type FieldSpec } from '../../src/schemas/defineCategory';
import { teamField } from '../../src/schemas/fields';
import { fieldProblem } from '../../src/schemas/compile';
import { migrate } from '../../server/db/migrate';
import { createTeam, createTestApp, type TestApp } from './helpers';

let t: TestApp;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  teamId = await createTeam(t.db, 'Tightened agrees', []);
});
afterAll(() => t.close());

let nextId = 1600;
const category = (key: string, field: FieldSpec) =>
  defineCategory({
    key, id: nextId++, singular: key, title: key, plural: key, scope: 'team',
    permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
    fields: { team_id: teamField, v: field }, summary: ['id'],
  });

/** Stores `values` under a loose text field, tightens it to `strict`: the ids reported and the ids the API refuses. */
async function reportedAndRefused(key: string, strict: FieldSpec, values: string[]) {
  await migrate(t.db, [category(key, { kind: 'text', label: 'V' })]);
  for (const v of values) await t.db.query(`INSERT INTO ${key} (team_id, v) VALUES ($1, $2)`, [teamId, v]);
  const { notices } = await migrate(t.db, [category(key, strict)]);
  const refused = values.filter((v) => fieldProblem(strict, v) !== undefined);
  const count = Number(/: (\d+) row\(s\) break/.exec(notices.join('\n'))?.[1] ?? 0);
  return { count, refused };
}

it('an e-mail field: the values reported are the values the API refuses', async () => {
  const values = ['ann@example.org', 'a..b@x.org', '.a@x.org', 'a.@x.org', 'a@x.c', 'a@-x.org', 'ü@x.org', 'a@x..org', 'a@x.o1', 'o\'neil@x.org', 'a+b@sub.x.org'];
  const { count, refused } = await reportedAndRefused('ta_mail', { kind: 'email', label: 'V' }, values);
  expect(refused.length).toBeGreaterThan(0);
  expect(count).toBe(refused.length);
});

it('lengths are counted as the API counts them, an emoji as one', async () => {
  const values = ['😀😀', '😀', 'abc', 'ab', 'é', '😀a'];
  const max = await reportedAndRefused('ta_max', { kind: 'text', label: 'V', maxLength: 3 }, values);
  expect(max.count).toBe(max.refused.length);
  const min = await reportedAndRefused('ta_min', { kind: 'text', label: 'V', minLength: 2 }, values);
  expect(min.refused).toEqual(['😀', 'é']);
  expect(min.count).toBe(2);
});

it('a text made required: the blank values reported are the ones the API refuses, Unicode blanks too', async () => {
  const values = ['x', ' ', '\u00a0', '\u3000', '\ufeff', '\u2003 ', ' y ', '\u200b'];
  const { count, refused } = await reportedAndRefused('ta_req', { kind: 'text', label: 'V', required: 'V is required.' }, values);
  expect(refused.length).toBeGreaterThan(2);
  expect(count).toBe(refused.length);
});

it('a text becoming an e-mail or a url: too long for the kind (254, 2048 characters) is reported as the API refuses it', async () => {
  const long = `${'a'.repeat(250)}@example.org`;
  const mail = await reportedAndRefused('ta_mail_long', { kind: 'email', label: 'V' }, ['ann@example.org', long]);
  expect(mail.refused).toEqual([long]);
  expect(mail.count).toBe(1);
  const far = `https://example.org/${'a'.repeat(2100)}`;
  const url = await reportedAndRefused('ta_url_long', { kind: 'url', label: 'V' }, ['https://example.org/', far]);
  expect(url.refused).toEqual([far]);
  expect(url.count).toBe(1);
});
