/**
 * No orphaned teams (issue 12, item 3): a team's last administrator cannot be deleted until another
 * member is administrator or the team is gone; the last server administrator cannot be deleted;
 * a user is deleted by the server administrator or by themself, and two deletes at once cannot
 * both leave a team without an administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { api, createTeam, createTestApp, createUser, ROLE, signIn, type Client, type TestApp } from './helpers';

const PASSWORD = 'correct horse battery';

let t: TestApp;
let root: Client;
let rootId: number;

beforeAll(async () => {
  t = await createTestApp();
  rootId = await createUser(t.db, 'root', PASSWORD, { serverAdmin: true });
  root = api(t.app, await signIn(t.app, 'root', PASSWORD));
});
afterAll(() => t.close());

const userExists = async (id: number) => (await t.db.query('SELECT 1 FROM "user" WHERE id = $1', [id])).rows.length === 1;
const answer = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, body: res.json() });

describe('the last administrator of a team', () => {
  it('cannot be deleted: 409 naming the teams, nothing deleted', async () => {
    const solo = await createUser(t.db, 'solo', PASSWORD);
    await createTeam(t.db, 'Alpha', [[solo, ROLE.ADMIN]]);
    await createTeam(t.db, 'Beta', [[solo, ROLE.ADMIN]]);
    await createTeam(t.db, 'Gamma', [[solo, ROLE.USER]]);
    expect(answer(await root.del(`/api/user/${solo}`))).toEqual({
      status: 409,
      body: { Description: ownMessages.lastAdminOfTeams(['Alpha', 'Beta']) },
    });
    expect(await userExists(solo)).toBe(true);
  });

  it('is deleted once another member is administrator, or the team is deleted', async () => {
    const first = await createUser(t.db, 'first', PASSWORD);
    const second = await createUser(t.db, 'second', PASSWORD);
    await createTeam(t.db, 'Shared', [
      [first, ROLE.ADMIN],
      [second, ROLE.ADMIN],
    ]);
    const own = await createTeam(t.db, 'Own', [[first, ROLE.ADMIN]]);
    expect((await root.del(`/api/user/${first}`)).statusCode).toBe(409);
    await t.db.query('DELETE FROM team WHERE id = $1', [own]);
    expect((await root.del(`/api/user/${first}`)).statusCode).toBe(200);
    expect(await userExists(first)).toBe(false);
  });
});

describe('who may delete a user', () => {
  it('a user deletes themself, not another user of their team', async () => {
    const boss = await createUser(t.db, 'boss', PASSWORD);
    const leaver = await createUser(t.db, 'leaver', PASSWORD);
    await createTeam(t.db, 'Crew', [
      [boss, ROLE.ADMIN],
      [leaver, ROLE.USER],
    ]);
    const leaverClient = api(t.app, await signIn(t.app, 'leaver', PASSWORD));
    const bossClient = api(t.app, await signIn(t.app, 'boss', PASSWORD));
    expect(answer(await leaverClient.del(`/api/user/${boss}`))).toEqual({ status: 403, body: { Description: ownMessages.serverAdminOnly } });
    expect(await userExists(boss)).toBe(true);
    // The last admin deleting themself meets the same rule.
    expect((await bossClient.del(`/api/user/${boss}`)).statusCode).toBe(409);
    expect((await leaverClient.del(`/api/user/${leaver}`)).statusCode).toBe(200);
    expect(await userExists(leaver)).toBe(false);
  });

  it('the last server administrator cannot be deleted, by themself or anyone', async () => {
    expect(answer(await root.del(`/api/user/${rootId}`))).toEqual({ status: 409, body: { Description: ownMessages.lastServerAdmin } });
    expect(await userExists(rootId)).toBe(true);
    // With a second server administrator, one of them may go.
    const spare = await createUser(t.db, 'spare', PASSWORD, { serverAdmin: true });
    const spareClient = api(t.app, await signIn(t.app, 'spare', PASSWORD));
    expect((await spareClient.del(`/api/user/${spare}`)).statusCode).toBe(200);
    expect((await root.del(`/api/user/${rootId}`)).statusCode).toBe(409);
  });
});

describe('deletes at once', () => {
  it("two admins of one team deleted together: one is refused, the team keeps an administrator", async () => {
    const a = await createUser(t.db, 'twin_a', PASSWORD);
    const b = await createUser(t.db, 'twin_b', PASSWORD);
    const team = await createTeam(t.db, 'Twins', [
      [a, ROLE.ADMIN],
      [b, ROLE.ADMIN],
    ]);
    const results = await Promise.all([root.del(`/api/user/${a}`), root.del(`/api/user/${b}`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query('SELECT 1 FROM role WHERE team_id = $1 AND role_id = $2', [team, ROLE.ADMIN]);
    expect(rows).toHaveLength(1);
  });

  it('two server administrators deleting themselves together: one stays', async () => {
    const x = await createUser(t.db, 'admin_x', PASSWORD, { serverAdmin: true });
    const y = await createUser(t.db, 'admin_y', PASSWORD, { serverAdmin: true });
    // root leaves too, through the other two: three deletes, one survivor.
    const [cx, cy] = [api(t.app, await signIn(t.app, 'admin_x', PASSWORD)), api(t.app, await signIn(t.app, 'admin_y', PASSWORD))];
    const results = await Promise.all([cx.del(`/api/user/${x}`), cy.del(`/api/user/${y}`), root.del(`/api/user/${rootId}`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const { rows } = await t.db.query('SELECT 1 FROM "user" WHERE is_server_admin');
    expect(rows).toHaveLength(1);
  });
});
