/**
 * Prerequisites of the e2e specs, made through the API (page.request shares the browser's session
 * cookie): objects with unique names, a second user who is a plain member. typeGroupApi.ts and
 * listsApi.ts build on these.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signInByApi } from './signIn';
import { CSRF_HEADER } from '../../src/csrf';

/** The header every /api write needs (CSRF rule of the server). */
export const HEADERS = CSRF_HEADER;

export type Obj = Record<string, unknown> & { id: number; name: string };

/** A name no other test uses: allowed characters only (letters, digits, space, '_', '.', '-'). */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function createObject(request: APIRequestContext, cat: string, body: Record<string, unknown>): Promise<Obj> {
  const response = await request.post(`/api/${cat}`, { headers: HEADERS, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Obj;
}

export async function readObject(request: APIRequestContext, cat: string, id: number): Promise<Record<string, unknown>> {
  const response = await request.get(`/api/${cat}/${id}`, { headers: HEADERS });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

export async function objectExists(request: APIRequestContext, cat: string, id: number): Promise<boolean> {
  const response = await request.get(`/api/${cat}/${id}`, { headers: HEADERS });
  return response.status() === 200;
}

/** The signed-in user's first team where they are admin (the e2e admin's own team). */
export async function adminTeam(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const response = await request.get('/api/current_user', { headers: HEADERS });
  const profile = (await response.json()) as { teams: { id: number; name: string; role_id: number }[] };
  const team = profile.teams.find((t) => t.role_id === 3);
  expect(team).toBeDefined();
  return team!;
}

/**
 * For a spec's beforeAll: the admin's team and a new type in it (named from `prefix`), made through
 * the API of a page signed in and closed here.
 */
export async function adminTeamWithType(browser: Browser, prefix: string): Promise<{ team: { id: number; name: string }; type: Obj }> {
  const page = await browser.newPage();
  try {
    await signInByApi(page);
    const team = await adminTeam(page.request);
    const type = await createObject(page.request, 'type', { name: uniqueName(`${prefix} type`), team_id: team.id });
    return { team, type };
  } finally {
    await page.close();
  }
}

/** A type, a firmware of it and a group of it, in the admin's team. */
export async function typeWithContent(request: APIRequestContext, teamId: number, prefix: string) {
  const type = await createObject(request, 'type', { name: uniqueName(`${prefix} type`), team_id: teamId, name_of_uid: 'Serial number' });
  const firmware = await createObject(request, 'firmware', {
    name: uniqueName(`${prefix} fw`),
    team_id: teamId,
    type_id: type.id,
    version: '1.0.0',
  });
  const group = await createObject(request, 'devices_group', {
    name: uniqueName(`${prefix} group`),
    team_id: teamId,
    type_id: type.id,
    target_firmware_id: firmware.id,
  });
  return { type, firmware, group };
}

/** A new user, member (role 1, user) of the team: created by the e2e admin, who is server admin. */
export async function createMember(request: APIRequestContext, teamId: number): Promise<{ username: string; password: string }> {
  const username = `member-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'member-password-1';
  const user = await createObject(request, 'user', { username, password });
  const role = await request.post('/api/role', { headers: HEADERS, data: { team_id: teamId, user_id: user.id, role_id: 1 } });
  expect(role.status(), await role.text()).toBe(201);
  return { username, password };
}

export async function signInAs(page: Page, credentials: { username: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/login', { headers: HEADERS, data: credentials });
  expect(response.status()).toBe(204);
}
