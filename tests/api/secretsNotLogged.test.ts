/**
 * Invitation links and API tokens are never logged (issue 29, Security): the server's log at info
 * level, which writes every request's address, holds neither a link's token (it travels in the
 * address of POST /api/invitation/{token}) nor an API token (in the Authorization header), nor a
 * device's QR id (its label's only secret, in the address of the public QR call).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { CSRF_HEADER } from '../../src/csrf';
import { api, createTestApp, createUser, signIn, type TestApp } from './helpers';
import type { FastifyInstance } from 'fastify';

const PASSWORD = 'correct horse battery';
let t: TestApp;
let logged: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, 'root', PASSWORD, { serverAdmin: true });
  logged = await buildApp({ db: t.db, config: t.config, logger: 'info', logStream: { write: (line: string) => void lines.push(line) } });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('the log at info level', () => {
  it("holds every request's address but never a link's token, an API token nor a QR id", async () => {
    const root = api(logged, await signIn(logged, 'root', PASSWORD));
    const made = await root.post('/api/user', { username: 'newcomer' });
    expect(made.statusCode, made.body).toBe(201);
    const link = new URL(made.json().invitation_url as string).hash.slice(1);
    const used = await logged.inject({ method: 'POST', url: `/api/invitation/${link}`, headers: CSRF_HEADER, payload: { password: 'a fine password' } });
    expect(used.statusCode, used.body).toBe(204);
    const unknown = await logged.inject({ method: 'POST', url: `/api/invitation/${link}`, headers: CSRF_HEADER, payload: { password: 'a fine password' } });
    expect(unknown.statusCode).toBe(404);
    const token = (await root.post('/api/tokens', { name: 'pipeline', expires_in_days: 30 })).json().token as string;
    expect((await logged.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const team = (await root.post('/api/team', { name: 'labels' })).json().id as number;
    const type = (await root.post('/api/type', { name: 'board', team_id: team })).json().id as number;
    const device = (await root.post('/api/device', { name: 'd1', team_id: team, type_id: type, uid_for_type: 'u1' })).json().id as number;
    const qr = (await root.post(`/api/device_qr_code/${device}`)).json().id as string;
    expect((await logged.inject({ method: 'GET', url: `/api/execute_qr_code_action/${qr}` })).statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/execute_qr_code_action/');
    expect(log).not.toContain(qr);
    expect(log).toContain('/api/invitation/');
    expect(log).toContain('/api/current_user');
    expect(log).not.toContain(link);
    expect(log).not.toContain(token.split('_').slice(2).join('_'));
  });
});
