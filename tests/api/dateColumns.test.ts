/**
 * A `date` column reads back as the text 'YYYY-MM-DD' (server/db/database.ts), so that the API,
 * the CSV export and the console's date picker all see the calendar day that was stored, in
 * every time zone of the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({});
});
afterAll(() => db.close());

describe('date columns', () => {
  it('read back as YYYY-MM-DD text; instants stay instants', async () => {
    const { rows } = await db.query<{ d: unknown; t: unknown }>(`SELECT date '2024-02-29' AS d, timestamptz '2024-02-29 23:30:00+02' AS t`);
    expect(rows[0].d).toBe('2024-02-29');
    expect(rows[0].t).toEqual(new Date('2024-02-29T21:30:00Z'));
  });
});
