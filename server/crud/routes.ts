/**
 * The generic API of every category in the registry (spec section 7):
 *
 *   GET    /api/{cat}            {"json_list": [...]}, ?fields= projection, ?{filter field}=id
 *   GET    /api/full/{cat}       same, with every declared expansion, list, lookup and count
 *   GET    /api/{cat}/:id        the object
 *   GET    /api/full/{cat}/:id   the object with its derived values
 *   POST   /api/{cat}            201, the created object (id included)
 *   PUT    /api/{cat}/:id        200, the updated object; only the fields sent change
 *   DELETE /api/{cat}/:id        200, the object as it was before the delete
 *
 * Errors answer {"Description": ...} (server/http/errors.ts). Nothing here names a category:
 * what one needs beyond this lives in server/categories/<key>.ts.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Category } from '../../src/schemas/defineCategory';
import { categories } from '../../src/schemas/index';
import { ownMessages } from '../../src/messages';
import { badRequest } from '../http/errors';
import { notFoundError, requireUser } from './access';
import { readList, readOne, type ReadOptions } from './read';
import { createObject, deleteObject, updateObject } from './write';

type Query = Record<string, string | string[] | undefined>;

const ID = /^[1-9][0-9]{0,9}$/;
const INT4_MAX = 2_147_483_647;

/** An id from the path; anything else is an unknown object, like an id that does not exist. */
export function parseId(raw: string): number {
  const id = ID.test(raw) ? Number(raw) : NaN;
  if (!(id <= INT4_MAX)) throw notFoundError();
  return id;
}

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);

function readOptions(category: Category, request: FastifyRequest, full: boolean, withFilters: boolean): ReadOptions {
  const query = (request.query ?? {}) as Query;
  const filters: Record<string, number> = {};
  if (withFilters) {
    for (const [name, raw] of Object.entries(query)) {
      if (!category.fields[name]?.filter) continue;
      const value = single(raw) ?? '';
      if (!ID.test(value)) throw badRequest(ownMessages.badFilter(name));
      filters[name] = Number(value);
    }
  }
  return { fields: single(query.fields), full, filters };
}

function registerCategory(app: FastifyInstance, category: Category) {
  const base = `/api/${category.key}`;
  const fullBase = `/api/full/${category.key}`;
  type WithId = { Params: { id: string } };

  for (const full of [false, true]) {
    app.get(full ? fullBase : base, async (request) => {
      const user = requireUser(request.user);
      return { json_list: await readList(app.db, user, category, readOptions(category, request, full, true)) };
    });
    app.get<WithId>(`${full ? fullBase : base}/:id`, async (request) => {
      const user = requireUser(request.user);
      return readOne(app.db, user, category, parseId(request.params.id), readOptions(category, request, full, false));
    });
  }

  app.post(base, async (request, reply) => {
    const user = requireUser(request.user);
    reply.code(201);
    return createObject(app.db, user, category, request.body);
  });

  app.put<WithId>(`${base}/:id`, async (request) => {
    const user = requireUser(request.user);
    return updateObject(app.db, user, category, parseId(request.params.id), request.body);
  });

  app.delete<WithId>(`${base}/:id`, async (request) => {
    const user = requireUser(request.user);
    return deleteObject(app.db, user, category, parseId(request.params.id));
  });
}

export const crudRoutes: FastifyPluginAsync = async (app) => {
  for (const category of categories) registerCategory(app, category);
};
