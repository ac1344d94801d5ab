/**
 * One object of every category of the registry on the e2e server, in a team of its own, made by
 * the suites' one fixture maker (tests/fixtures/makeObjects.ts) through a Playwright request
 * context: the specs that walk every category's screens cover a new category with no edit.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { categories } from '../../src/schemas';
import { makeObjects, type Ids, type ObjectsApi } from '../fixtures/makeObjects';
import { createObject, HEADERS } from './objectApi';

const objectsApi = (request: APIRequestContext): ObjectsApi => ({
  list: async (key) => ((await (await request.get(`/api/${key}`)).json()) as { json_list: { id: number; team_id?: number }[] }).json_list,
  create: async (key, body) => (await createObject(request, key, body)).id,
  upload: async (route, id, part, file) => {
    const response = await request.post(`/api/upload/${route}/${id}`, { headers: HEADERS, multipart: { [part]: { name: file.name, mimeType: 'application/octet-stream', buffer: file.bytes } } });
    expect(response.status(), await response.text()).toBe(200);
  },
});

/** A new team of the signed-in caller holding one object of every category, with its files; ids by category key. */
export async function objectOfEveryCategory(request: APIRequestContext, tag: string): Promise<Ids> {
  const me = (await (await request.get('/api/current_user')).json()) as { id: number };
  return makeObjects(objectsApi(request), me.id, tag, categories);
}

/**
 * Whether the walks over every category's screens visit the screens of category `key`: every
 * category, or only those named in E2E_WALK_ONLY (keys, comma-separated; tests/guideWalk/run.ts
 * walks the guide's there, the rest being walked by the whole suite). A key naming no category of
 * the registry stops the file.
 */
export const walksCategory: (key: string) => boolean = (() => {
  const only = process.env.E2E_WALK_ONLY?.split(',').filter(Boolean);
  if (!only) return () => true;
  const unknown = only.filter((key) => !categories.some((c) => c.key === key));
  if (unknown.length > 0) throw new Error(`E2E_WALK_ONLY names no category of the registry: ${unknown.join(', ')}`);
  return (key) => only.includes(key);
})();
