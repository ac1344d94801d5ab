/**
 * The generic API of every category in the registry (spec section 7):
 *
 *   GET    /api/{cat}            {"json_list": [...]}, ?fields= projection, ?{filter field}=id
 *   GET    /api/full/{cat}       same, with every declared expansion, list, lookup and count; each
 *                                embedded list holds at most PUCS_MAX_EMBEDDED_LIST objects, a cut one
 *                                has {list}_total beside it (src/schemas/embeddedList.ts)
 *          either list, with sort=, range= or filter= (ra-data-simple-rest, listQuery.ts):
 *                                a JSON array of the page and Content-Range: {cat} 0-24/319
 *          without range=, either list holds at most PUCS_MAX_LIST objects (listCap.ts); a cut one
 *                                says so in its Content-Range: {cat} 0-9999/100000
 *   GET    /api/{cat}/:id        the object
 *   GET    /api/full/{cat}/:id   the object with its derived values, its lists cut at PUCS_MAX_LIST
 *   POST   /api/{cat}            201, the created object (id included)
 *   PUT    /api/{cat}/:id        200, the updated object; only the fields sent change
 *   DELETE /api/{cat}/:id        200, the object as it was before the delete; ?cascade=true, for a
 *                                category declaring deleteWithContent, its content first, in one transaction;
 *                                &expect_{key}=n binds it to the counts the caller was shown (409 when they differ)
 *
 * Errors answer {"Description": ...} (server/http/errors.ts). Nothing here names a category:
 * what one needs beyond this is a hook of the registry the app was built on (server/registry.ts).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Category } from '../../src/schemas/defineCategory';
import { requireUser } from './access';
import { readList, readOne, type ReadOptions } from './read';
import { parseListQuery, plainFilterConditions, usesListDialect } from './listQuery';
import { resolveSearches } from './listSearch';
import { readPage, type Page } from './listPage';
import { createObject, deleteObject, updateObject } from './write';
import { deleteWithContent, parseExpectations } from './deleteWithContent';
import type { ContentExpectations } from '../../src/schemas/contentExpectations';
import { badRequest } from '../http/errors';
import { ownMessages } from '../../src/messages';
import { cappedList } from './listCap';
import { categoryContracts } from '../openapi/routes';
import { publicOrigin } from '../http/publicOrigin';

type Query = Record<string, string | string[] | undefined>;

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : v);

/**
 * `?cascade=true` asks a category declaring `deleteWithContent` to delete its content too; `false` or none, the plain delete.
 * With it, the counts the caller expects (`expect_{key}=n`, deleteWithContent.ts); without it, none may be sent.
 */
function withContent(category: Category, query: Query): ContentExpectations | false {
  const cascade = single(query.cascade);
  if (cascade === undefined || cascade === 'false') {
    parseExpectations(category, query, false);
    return false;
  }
  if (cascade !== 'true') throw badRequest(ownMessages.cascadeNotBoolean);
  if (!category.deleteWithContent?.length) throw badRequest(ownMessages.cascadeNotOffered(category.plural));
  return parseExpectations(category, query, true);
}

function readOptions(category: Category, request: FastifyRequest, full: boolean, withFilters: boolean): ReadOptions {
  const query = (request.query ?? {}) as Query;
  return { fields: single(query.fields), full, conditions: withFilters ? plainFilterConditions(category, query) : [] };
}

/**
 * `{cat} 0-24/319`: first-last/total. An empty page has no first and last, so it answers a star
 * in their place, `{cat} *` then `/319` (RFC 9110's form for an unsatisfiable range);
 * ra-data-simple-rest reads only the total, after the last slash.
 */
export function contentRange(category: Category, page: Page): string {
  const span = page.rows.length === 0 ? '*' : `${page.start}-${page.start + page.rows.length - 1}`;
  return `${category.key} ${span}/${page.total}`;
}

async function listAnswer(app: FastifyInstance, category: Category, request: FastifyRequest, reply: FastifyReply, full: boolean) {
  const user = requireUser(request.user);
  const opts = readOptions(category, request, full, true);
  const query = (request.query ?? {}) as Query;
  const cap = app.config.maxList;
  const dialect = usesListDialect(query);
  const parsed = dialect ? parseListQuery(category, query, (key) => app.registry.find(key)) : undefined;
  const listQuery = parsed && { ...parsed, conditions: await resolveSearches(app.db, user, parsed.conditions) };
  let page: Page;
  if (listQuery?.range) page = await readPage(app, user, category, opts, listQuery);
  else if (listQuery) {
    const conditions = [...(opts.conditions ?? []), ...listQuery.conditions];
    page = await cappedList(app, user, category, conditions, cap, async (limit) => (await readPage(app, user, category, { ...opts, limit }, listQuery)).rows);
  } else page = await cappedList(app, user, category, opts.conditions ?? [], cap, (limit) => readList(app, user, category, { ...opts, limit }));
  // The console may be served from another origin in development: let it read the total.
  // The spec's json_list carries it only when cut (listCap.ts): a total above the rows answered.
  if (dialect || page.total > page.rows.length) {
    void reply.header('Content-Range', contentRange(category, page)).header('Access-Control-Expose-Headers', 'Content-Range');
  }
  return dialect ? page.rows : { json_list: page.rows };
}

function registerCategory(fastify: FastifyInstance, category: Category) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${category.key}`;
  const fullBase = `/api/full/${category.key}`;
  // Each route's contract, derived from the registry (server/openapi/routes.ts).
  const contract = categoryContracts(category);

  for (const full of [false, true]) {
    app.get(full ? fullBase : base, { schema: contract.list(full) }, (request, reply) => listAnswer(app, category, request, reply, full));
    app.get(`${full ? fullBase : base}/:id`, { schema: contract.get(full) }, async (request) => {
      const user = requireUser(request.user);
      return readOne(app, user, category, request.params.id, readOptions(category, request, full, false));
    });
  }

  app.post(base, { schema: contract.create }, async (request, reply) => {
    const user = requireUser(request.user);
    reply.code(201);
    return createObject(app, user, category, request.body, () => publicOrigin(app.config, request));
  });

  app.put(`${base}/:id`, { schema: contract.update }, async (request) => {
    const user = requireUser(request.user);
    return updateObject(app, user, category, request.params.id, request.body);
  });

  app.delete(`${base}/:id`, { schema: contract.delete }, async (request) => {
    const user = requireUser(request.user);
    const id = request.params.id;
    const expected = withContent(category, (request.query ?? {}) as Query);
    return expected ? deleteWithContent(app, user, category, id, expected) : deleteObject(app, user, category, id);
  });
}

export const crudRoutes: FastifyPluginAsync = async (app) => {
  for (const category of app.registry.categories) registerCategory(app, category);
};
