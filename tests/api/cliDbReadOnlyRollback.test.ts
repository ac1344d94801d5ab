/**
 * npm run db's read-only mode (`query`, `sql --read-only`) keeps nothing: its transaction is rolled
 * back whatever the statement did. A read-only transaction of PostgreSQL 15 still lets a few
 * functions write (lo_from_bytea, lo_import: a large object stored for good) and sends a NOTIFY
 * at its commit to every server listening; rolled back, none of it happens.
 */
import { expect, it } from 'vitest';
import { runDbCli } from '../../server/cli/db';
import { readConfig } from '../../server/config';
import { createTestApp } from './helpers';

it.runIf(process.env.DATABASE_URL)('on PostgreSQL, a large object made in read-only mode is not kept', async () => {
  const t = await createTestApp();
  try {
    const objects = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_largeobject_metadata')).rows[0].n;
    const before = await objects();
    for (const argv of [['query'], ['sql', '--read-only']]) {
      const out: string[] = [];
      // The statement's own answer is printed as usual (a read-only look is a look): only its effects go.
      const code = await runDbCli([...argv, `SELECT lo_from_bytea(0, 'x') > 0 AS made`], readConfig({ DATABASE_URL: t.url }), { out: (l) => out.push(l), err: () => {} });
      expect({ code, first: out[0] }).toEqual({ code: 0, first: '{"made":true}' });
    }
    expect(await objects()).toBe(before);
  } finally {
    await t.close();
  }
});
