/**
 * Prerequisites of the type and group e2e specs, made through the API as the signed-in e2e admin
 * (page.request shares the browser's session cookie): unique names, the admin's own team.
 */
import { expect, type APIRequestContext } from '@playwright/test';

const HEADERS = { 'X-Requested-With': 'pucs' };

export type Obj = Record<string, unknown> & { id: number; name: string };

/** Letters, digits and spaces only, unique per call, so that no test depends on another. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function create(request: APIRequestContext, cat: string, body: Record<string, unknown>): Promise<Obj> {
  const response = await request.post(`/api/${cat}`, { headers: HEADERS, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Obj;
}

/** The object as the API answers it, or undefined when it is gone (404). */
export async function read(request: APIRequestContext, cat: string, id: number): Promise<Record<string, unknown> | undefined> {
  const response = await request.get(`/api/${cat}/${id}`, { headers: HEADERS });
  if (response.status() === 404) return undefined;
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The e2e admin's team (the first one where they are admin). */
export async function adminTeamId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/current_user', { headers: HEADERS });
  const profile = (await response.json()) as { teams: { id: number; role_id: number }[] };
  const team = profile.teams.find((t) => t.role_id === 3);
  expect(team).toBeDefined();
  return team!.id;
}

export async function createType(request: APIRequestContext, teamId: number, extra: Record<string, unknown> = {}): Promise<Obj> {
  return create(request, 'type', { name: uniqueName('e2e type'), team_id: teamId, ...extra });
}

export async function createDevice(request: APIRequestContext, type: Obj, extra: Record<string, unknown> = {}): Promise<Obj> {
  const name = uniqueName('e2e device');
  return create(request, 'device', { name, team_id: type.team_id, type_id: type.id, uid_for_type: name, ...extra });
}
