/**
 * Attack on issue 12's change (task 14): each test is a defect confirmed against the real app and
 * fails until it is fixed.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Up to `turns` turns of the event loop (no clock) until `cond` holds; answers whether it did. */
async function within(turns: number, cond: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < turns; i++) {
    if (await cond()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return cond();
}

describe('503 shedding abuse', () => {
  it('an outsider holding PUCS_MAX_INFLIGHT sign-ins with unfinished bodies does not keep signed-in users out', async () => {
    t = await createTestApp({ PUCS_MAX_INFLIGHT: '4' });
    const { client } = await adminWithTeam(t, 'atk14_busy_victim');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port } = new URL(address);
    // No session, no CPU: each connection sends the head of a sign-in and one byte of its body, then waits.
    const sockets: Socket[] = [];
    for (let i = 0; i < 4; i++) {
      const s = connect(Number(port), hostname);
      s.on('error', () => {});
      s.write(`POST /api/login HTTP/1.1\r\nHost: x\r\nX-Requested-With: pucs\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
      sockets.push(s);
    }
    try {
      // Once the server has read those heads, a signed-in user's call is refused 503 for as long as the outsider likes.
      const shed = await within(20_000, async () => (await client.get('/api/current_user')).statusCode === 503);
      expect(shed, 'signed-in user was refused 503 while an outsider dribbled 4 sign-in bodies').toBe(false);
    } finally {
      for (const s of sockets) s.destroy();
    }
  });
});

describe('sign-in lockout by strangers', () => {
  const login = (app: TestApp, remoteAddress: string, username: string, password: string) =>
    app.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-requested-with': 'pucs' }, payload: { username, password } });

  it("a stranger behind the same address (one NAT, or a proxy without PUCS_TRUST_PROXY) cannot refuse a user's right password at an address they signed in from before", async () => {
    t = await createTestApp();
    await createUser(t.db, 'atk14_nat_victim', 'victim password 14');
    // The victim signs in from the office's one public address: a known pair from now on.
    expect((await login(t, '10.14.0.1', 'atk14_nat_victim', 'victim password 14')).statusCode).toBe(204);
    // A stranger behind the same address types 10 wrong passwords for the victim's name.
    for (let i = 0; i < 10; i++) expect((await login(t, '10.14.0.1', 'atk14_nat_victim', `guess ${i}`)).statusCode).toBe(401);
    // The victim's right password, from the address they always sign in from: refused 429 for 15 minutes.
    expect((await login(t, '10.14.0.1', 'atk14_nat_victim', 'victim password 14')).statusCode).toBe(204);
  });
});
