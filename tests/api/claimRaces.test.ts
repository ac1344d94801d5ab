/**
 * A claim committing between the old team's access check and its write: the old team must neither
 * receive the device's new private key, nor replace its QR id, nor give it a new claim code. The
 * claim is run inside the old team's call, just before the statement that would act on the stale
 * check. Claims of one device racing each other, on one process or two sharing PostgreSQL: exactly
 * one wins, the others answer 409, and a lost race counts as no wrong code.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, api, createTestApp, description, expectError, type TestApp } from './helpers';
import { messages, ownMessages } from '../../src/messages';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { CLAIM_ATTEMPTS } from '../../server/claim/limiter';
import { createOk } from './crudFixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUCS_DATA_DIR: mkdtempSync(join(tmpdir(), 'pucs-claim-races-')) });
});
afterAll(() => t.close());

type Admin = Awaited<ReturnType<typeof adminWithTeam>>;

const WRONG = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';

async function deviceToBeClaimed(owner: Admin, name: string) {
  const type = (await createOk(owner.client, 'type', { name, team_id: owner.teamId })).id as number;
  const id = (await createOk(owner.client, 'device', { name, team_id: owner.teamId, type_id: type, uid_for_type: name })).id as number;
  expect((await owner.client.post(`/api/device_qr_code/${id}`)).statusCode).toBe(200);
  const code = ((await owner.client.put(`/api/set_device_claimed_status/${id}`, {})).json() as { claim_code: string }).claim_code;
  return { id, code };
}

/**
 * Runs `call` with the claim slipped in just before the first statement matching `before`, or
 * before its first transaction ('transaction': a write made with its audit entry, in one transaction).
 */
async function withClaimBefore<T>(before: ((sql: string) => boolean) | 'transaction', claim: () => Promise<{ statusCode: number }>, call: () => Promise<T>): Promise<T> {
  const db = t.db as { query: TestApp['db']['query']; transaction: TestApp['db']['transaction'] };
  const { query, transaction } = db;
  let claimed: number | undefined;
  let claiming = false;
  const slipIn = async () => {
    claiming = true;
    claimed = (await claim()).statusCode;
  };
  db.query = (async (sql: string, params?: unknown[]) => {
    if (!claiming && before !== 'transaction' && before(sql)) await slipIn();
    return query.call(t.db, sql, params);
  }) as typeof query;
  db.transaction = (async (fn: Parameters<typeof transaction>[0]) => {
    if (!claiming && before === 'transaction') await slipIn();
    return transaction.call(t.db, fn);
  }) as typeof transaction;
  try {
    return await call();
  } finally {
    db.query = query;
    db.transaction = transaction;
    expect(claimed).toBe(204);
  }
}

describe('a claim racing the old team', () => {
  it("the old team's key download answers 404 and the new team gets a key the old team never saw", async () => {
    const [owner, claimer] = [await adminWithTeam(t, 'key-owner'), await adminWithTeam(t, 'key-claimer')];
    const { id, code } = await deviceToBeClaimed(owner, 'key-race');
    // After the access check, before the download's transaction (the key made, read and recorded in it).
    const old = await withClaimBefore(
      'transaction',
      () => claimer.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimer.teamId }),
      () => owner.client.get(`/api/download/private_key/${id}`),
    );
    expect(old.statusCode).toBe(404);
    const mine = await claimer.client.get(`/api/download/private_key/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('PRIVATE KEY');
    expect(mine.body).not.toBe(old.body);
  });

  it("the old team's QR regeneration answers 404 and the QR id stays the new team's", async () => {
    const [owner, claimer] = [await adminWithTeam(t, 'qr-owner'), await adminWithTeam(t, 'qr-claimer')];
    const { id, code } = await deviceToBeClaimed(owner, 'qr-race');
    const before = ((await owner.client.get(`/api/device_qr_code/${id}`)).json() as { id: string }).id;
    const old = await withClaimBefore(
      'transaction',
      () => claimer.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimer.teamId }),
      () => owner.client.post(`/api/device_qr_code/${id}`),
    );
    expect(old.statusCode).toBe(404);
    expect(((await claimer.client.get(`/api/device_qr_code/${id}`)).json() as { id: string }).id).toBe(before);
  });
  it("the old team's new claim code answers 404 once the device has moved, so it cannot claim it back", async () => {
    const [owner, claimer] = [await adminWithTeam(t, 'code-owner'), await adminWithTeam(t, 'code-claimer')];
    const { id, code } = await deviceToBeClaimed(owner, 'code-race');
    const old = await withClaimBefore(
      'transaction',
      () => claimer.client.put(`/api/claim_device/${id}`, { claim_code: code, team_id: claimer.teamId }),
      () => owner.client.put(`/api/set_device_claimed_status/${id}`, { to_be_claimed: true }),
    );
    expect(old.statusCode).toBe(404);
    expect((await claimer.client.get(`/api/device/${id}`)).json()).toMatchObject({ team_id: claimer.teamId, to_be_claimed: false });
  });
});

describe('claims racing each other', () => {
  /** The app a second server process would run on the same database: PostgreSQL only (PGlite has one process). */
  async function secondProcess() {
    if (!t.url) return undefined;
    const db = await openDatabase({ url: t.url });
    const app = await buildApp({ db, config: t.config });
    await app.ready();
    return { app, close: async () => (await app.close(), await db.close()) };
  }

  it('of one device, with the right code from 4 claimants on 2 processes: one 204, 19 x 409, and none of them is then limited', async () => {
    const owner = await adminWithTeam(t, 'race-owner');
    const target = await deviceToBeClaimed(owner, 'raced board');
    const claimers = await Promise.all(Array.from({ length: 4 }, (_, i) => adminWithTeam(t, `racer${i}`)));
    const other = await secondProcess();
    try {
      // Each claimant sends 5 claims, alternately to either process.
      const sent = Array.from({ length: 20 }, (_, i) => {
        const c = claimers[i % 4];
        const client = other && i % 2 === 1 ? api(other.app, c.cookie) : c.client;
        return { c, answer: client.put(`/api/claim_device/${target.id}`, { claim_code: target.code, team_id: c.teamId, should_firmware_be_copied: true }) };
      });
      const answers = await Promise.all(sent.map((s) => s.answer));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([204, ...Array<number>(19).fill(409)]);
      for (const r of answers.filter((a) => a.statusCode === 409)) expect(description(r)).toBe(ownMessages.claimNotPending);
      const winner = sent[answers.findIndex((r) => r.statusCode === 204)].c;
      expect((await winner.client.get(`/api/device/${target.id}`)).json()).toMatchObject({ team_id: winner.teamId, to_be_claimed: false });
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM type WHERE name = $1', ['raced board']);
      expect(rows[0].n).toBe(2);
      // A lost race counts against no one: each claimant still has all its wrong codes, then is limited.
      const fresh = await deviceToBeClaimed(owner, 'next board');
      for (const c of claimers) {
        for (let i = 0; i < CLAIM_ATTEMPTS; i++) await expectError(c.client.put(`/api/claim_device/${fresh.id}`, { claim_code: WRONG, team_id: c.teamId }), 400, messages.wrongClaimCode);
        expect((await c.client.put(`/api/claim_device/${fresh.id}`, { claim_code: WRONG, team_id: c.teamId })).statusCode).toBe(429);
      }
    } finally {
      await other?.close();
    }
  });
});
