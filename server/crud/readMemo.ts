/**
 * The reads a transaction may answer again without asking the database: a batch of writes
 * (server/batch/) checks the same group or firmware for each of its thousands of devices. An entry
 * is one statement with its parameters, read under a share lock the transaction holds to its end,
 * so no other transaction changes those rows meanwhile; the callers memoize only reads of another
 * category than the one written, so the transaction's own writes do not change them either.
 */
import type { Queryable } from '../db/database';
import type { Row } from './hooks';

export class ReadMemo {
  private readonly answers = new Map<string, Promise<Row[]>>();

  /** The rows of `sql` with `params`, read once per transaction. */
  rows(tx: Queryable, sql: string, params: unknown[]): Promise<Row[]> {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = tx.query<Row>(sql, params).then((result) => result.rows);
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/** Reads through `memo` when there is one and the read is of another category than the one written. */
export const readRows = (tx: Queryable, sql: string, params: unknown[], memo: ReadMemo | undefined, otherCategory: boolean): Promise<Row[]> =>
  memo && otherCategory ? memo.rows(tx, sql, params) : tx.query<Row>(sql, params).then((result) => result.rows);
