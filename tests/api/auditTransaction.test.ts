/**
 * An audit entry lives and dies with its change's transaction on both databases (run this file with
 * DATABASE_URL for PostgreSQL): an entry goes with the COMMIT (database.ts, withCommit), so a
 * transaction that commits has it, one that rolls back or whose COMMIT is refused has none, and a
 * statement sent after audit() in the same transaction already sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditEntry } from '../../server/audit/record';
import { api, createUser, signIn, type TestApp, createTestApp } from './helpers';

let t: TestApp;
const entry = (name: string): AuditEntry => ({ by: null, action: 'test', category: 'test', id: 1, name, changes: { note: { before: "it's", after: 'a \\ b' } } });
const named = async (name: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entry WHERE object_name = $1', [name])).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an entry and its transaction', () => {
  it('a transaction that commits has its entry, as written', async () => {
    await t.db.transaction((tx) => audit(tx, entry('committed')));
    const { rows } = await t.db.query<{ changes: unknown }>("SELECT changes FROM audit_entry WHERE object_name = 'committed'");
    expect(rows).toEqual([{ changes: { note: { before: "it's", after: 'a \\ b' } } }]);
  });

  it('a transaction that fails after its entry leaves none', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await audit(tx, entry('thrown'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await named('thrown')).toBe(0);
  });

  it('a transaction a caught error aborted commits nothing and says so', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await audit(tx, entry('aborted'));
        await tx.query('SELECT 1/0').catch(() => {});
      }),
    ).rejects.toThrow();
    expect(await named('aborted')).toBe(0);
  });

  it('a statement after the entry sees it; a savepoint rolled back takes it away', async () => {
    const seen = await t.db.transaction(async (tx) => {
      await audit(tx, entry('seen'));
      const { rows } = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_entry WHERE object_name = 'seen'");
      await tx.query('SAVEPOINT s');
      await audit(tx, entry('undone'));
      await tx.query('ROLLBACK TO SAVEPOINT s');
      return rows[0].n;
    });
    expect(seen).toBe(1);
    expect(await named('seen')).toBe(1);
    expect(await named('undone')).toBe(0);
  });

  it("an entry is stored as given when the database reads backslashes in quotes (standard_conforming_strings off, a server's setting)", async () => {
    const tricky: AuditEntry = { by: null, action: 'test', category: 'test', id: 1, name: "escaped \\' x", changes: { notes: { before: null, after: 'line\nnext \\ end\\' } } };
    await t.db.transaction(async (tx) => {
      await tx.query('SET LOCAL standard_conforming_strings = off');
      await audit(tx, tricky);
    });
    const { rows } = await t.db.query<{ object_name: string; changes: unknown }>("SELECT object_name, changes FROM audit_entry WHERE action = 'test' AND object_name LIKE 'escaped%'");
    expect(rows).toEqual([{ object_name: tricky.name, changes: tricky.changes }]);
  });

  it('statements sent together after the entry run after it, in the order they were sent', async () => {
    const seen = await t.db.transaction(async (tx) => {
      await audit(tx, entry('together'));
      const count = "SELECT count(*)::int AS n FROM audit_entry WHERE object_name = 'together'";
      const answers = await Promise.all([tx.query('SELECT 1'), tx.query<{ n: number }>(count)]);
      return answers[1].rows[0].n;
    });
    expect(seen).toBe(1);
  });

  it("a value never ends its literal, whatever the session's setting of backslashes", async () => {
    // PostgreSQL's standard_conforming_strings may be off (a server's legacy setting): a backslash
    // then escapes the quote that ends a text, and a name could end the entry's literal and run SQL.
    const escaping = "\\', chr(120), NULL); CREATE TABLE injected (x int); --";
    const others = ['a \\', "$$'$$", 'é ☃ 𝄞 \\x00', 'x'.repeat(100_000)];
    await t.db.transaction(async (tx) => {
      await tx.exec('SET LOCAL standard_conforming_strings = off');
      for (const name of [escaping, ...others]) await audit(tx, entry(name));
    });
    expect((await t.db.query("SELECT to_regclass('injected') AS t")).rows).toEqual([{ t: null }]);
    for (const name of [escaping, ...others]) expect(await named(name)).toBe(1);
  });

  it('a change through the API has its entry; a refused one has none', async () => {
    await createUser(t.db, 'root', 'correct horse battery', { serverAdmin: true });
    const root = api(t.app, await signIn(t.app, 'root', 'correct horse battery'));
    const made = await root.post('/api/team', { name: 'Audited team' });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: number }).id;
    const renamed = await root.put(`/api/team/${id}`, { name: 'Audited team renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await root.put(`/api/team/${id}`, { name: '' })).statusCode).toBe(400);
    const { rows } = await t.db.query<{ action: string; object_name: string }>("SELECT action, object_name FROM audit_entry WHERE category = 'team' AND object_id = $1 ORDER BY id", [id]);
    expect(rows).toEqual([
      { action: 'create', object_name: 'Audited team' },
      { action: 'update', object_name: 'Audited team renamed' },
    ]);
  });
});
