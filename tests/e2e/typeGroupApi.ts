/**
 * Prerequisites of the type and group e2e specs, made through the API as the signed-in e2e admin
 * (page.request shares the browser's session cookie): unique names, the admin's own team.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { adminTeam, createObject, HEADERS, uniqueName, type Obj } from './objectApi';

export { uniqueName, type Obj };
export const create = createObject;

/** The object as the API answers it, or undefined when it is gone (404). */
export async function read(request: APIRequestContext, cat: string, id: number): Promise<Record<string, unknown> | undefined> {
  const response = await request.get(`/api/${cat}/${id}`, { headers: HEADERS });
  if (response.status() === 404) return undefined;
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The e2e admin's team (the first one where they are admin). */
export const adminTeamId = async (request: APIRequestContext): Promise<number> => (await adminTeam(request)).id;

export async function createType(request: APIRequestContext, teamId: number, extra: Record<string, unknown> = {}): Promise<Obj> {
  return create(request, 'type', { name: uniqueName('e2e type'), team_id: teamId, ...extra });
}

export async function createDevice(request: APIRequestContext, type: Obj, extra: Record<string, unknown> = {}): Promise<Obj> {
  const name = uniqueName('e2e device');
  return create(request, 'device', { name, team_id: type.team_id, type_id: type.id, uid_for_type: name, ...extra });
}
