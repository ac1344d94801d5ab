/**
 * The description of every /api route, in Fastify's schema form (params, querystring, headers,
 * body, response): the generic routes of each category derived from the registry, the others
 * written by hand in special.ts. The plugin attaches them to the routes; the OpenAPI document is
 * built from the same list, so the document, the routes and docs/API.md cannot disagree.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { INT4_MAX } from '../../src/schemas/kinds';
import { expectParam } from '../../src/schemas/contentExpectations';
import { MAX_PAGE, plainQueryFields } from '../crud/listQuery';
import { plainFilterSchema, ref, schemaNames, type JsonSchema } from './jsonSchema';
import { ERROR_TEXT } from './contract';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One response: what it means, its headers, and its body by media type (none for 204). */
export interface ResponseDoc {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
}

/** Fastify's route schema plus the OpenAPI words of the operation. */
export interface RouteSchema {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: JsonSchema;
  querystring?: JsonSchema;
  headers?: JsonSchema;
  body?: JsonSchema;
  response: Record<string, ResponseDoc>;
}

export interface RouteDoc {
  method: Method;
  /** Fastify's form: /api/device/:id */
  url: string;
  /** Answers signed-out callers too (the route's `config.public`). */
  public?: boolean;
  /** The security requirement when not the session's (the device API's token). */
  security?: Record<string, string[]>[];
  schema: RouteSchema;
  /** A multipart/form-data body (an upload) with the file in this part; Fastify's body schema stays JSON-only. */
  filePart?: string;
}

export const json = (schema: JsonSchema) => ({ 'application/json': { schema } });


/** Error answers of a route, all `{"Description": "..."}`. */
export function errors(...codes: (keyof typeof ERROR_TEXT)[]): Record<string, ResponseDoc> {
  return Object.fromEntries(codes.map((code) => [code, { description: ERROR_TEXT[code], content: json(ref('Error')) }]));
}

/** Every call but GET carries this header (CSRF rule of server/auth/plugin.ts). */
export const CSRF_HEADERS: JsonSchema = {
  type: 'object',
  properties: { 'X-Requested-With': { type: 'string', const: 'pucs', default: 'pucs', description: 'Required on every call but GET (else 403).' } },
  required: ['X-Requested-With'],
};

export const ID_PARAMS: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX, description: 'The object id; any other text answers 404.' } },
  required: ['id'],
};

const FIELDS_PARAM: JsonSchema = {
  type: 'string',
  description: 'Fields to answer, comma-separated; expansions as `cat(a,b)`. All readable fields when absent.',
  examples: ['name,type(name,id)'],
};

/** The query of a list: projection, the plain filters, and the ra-data-simple-rest dialect. */
export function listQuery(category: Category): JsonSchema {
  const filters = plainQueryFields(category).map(([name, f]) => [name, plainFilterSchema(name, f)]);
  return {
    type: 'object',
    properties: {
      fields: FIELDS_PARAM,
      ...Object.fromEntries(filters),
      sort: { type: 'string', description: 'JSON `[field, "ASC" | "DESC"]`; answers a page (array).', examples: ['["name","ASC"]'] },
      range: { type: 'string', description: `JSON \`[first, last]\`, inclusive, at most ${MAX_PAGE} objects; answers a page (array).`, examples: ['[0,24]'] },
      filter: { type: 'string', description: 'JSON object: `q` (search text), `id`, filterable and reference fields; answers a page (array).', examples: ['{"q":"abc"}'] },
    },
  };
}

/** A list answer: `{"json_list": [...]}`, or with sort/range/filter the page as an array and its Content-Range. */
export function listResponse(item: JsonSchema): ResponseDoc {
  return {
    description: 'The objects the caller may see: `{"json_list": [...]}`; with `sort`, `range` or `filter`, the page as a JSON array.',
    headers: {
      'Content-Range': {
        description: 'With `sort`, `range` or `filter`: `{cat} {first}-{last}/{total}` (`{cat} */{total}` for an empty page).',
        schema: { type: 'string' },
      },
    },
    content: json({
      oneOf: [
        { type: 'object', properties: { json_list: { type: 'array', items: item } }, required: ['json_list'] },
        { type: 'array', items: item },
      ],
    }),
  };
}

/** `?cascade=true` of a category declaring deleteWithContent (server/crud/deleteWithContent.ts). */
function cascadeDoc(category: Category): Pick<RouteSchema, 'description' | 'querystring'> {
  const keys = category.deleteWithContent ?? [];
  const listCategory = (key: string) => category.lists?.[key]?.category ?? key;
  const content = keys.map(listCategory).join(', then ');
  const params = keys.map((key) => `\`${expectParam(key)}\``).join(', ');
  const description =
    `With \`?cascade=true\`: its content first (${content}), each by the rules of its own delete, then the ${category.singular}, in one transaction: a refusal anywhere (409, naming the object) deletes nothing. ` +
    `With it, ${params} state how many objects of each the caller was shown: once the ${category.singular} is locked, a count that differs answers 409 and deletes nothing (a list without one is not compared). ` +
    `Without \`cascade\`, a ${category.singular} with content answers 409; another value of \`cascade\`, or a bad \`expect_\` parameter, answers 400.`;
  const expects = Object.fromEntries(
    keys.map((key) => [
      expectParam(key),
      { type: 'string', pattern: '^[0-9]{1,9}$', description: `With \`cascade=true\`: the number of ${listCategory(key)} objects expected to be deleted (409 when it differs).` },
    ]),
  );
  return { description, querystring: { type: 'object', properties: { cascade: { type: 'string', enum: ['true', 'false'], description }, ...expects } } };
}

/** The generic routes of a category (server/crud/routes.ts). */
export function categoryRoutes(category: Category): RouteDoc[] {
  const { key, singular, plural } = category;
  const names = schemaNames(category);
  const tags = [key];
  const routes: RouteDoc[] = [];
  for (const full of [false, true]) {
    const base = full ? `/api/full/${key}` : `/api/${key}`;
    const object = ref(full ? names.full : names.object);
    const also = full ? ' with their expansions, lists, lookups and counts' : '';
    routes.push(
      {
        method: 'GET',
        url: base,
        schema: {
          operationId: `${full ? 'listFull' : 'list'}_${key}`,
          summary: `${plural}${also}`,
          tags,
          querystring: listQuery(category),
          response: { '200': listResponse(object), ...errors('400', '401') },
        },
      },
      {
        method: 'GET',
        url: `${base}/:id`,
        schema: {
          operationId: `${full ? 'getFull' : 'get'}_${key}`,
          summary: `One ${singular}${full ? ' with its expansions, lists, lookups and counts' : ''}`,
          tags,
          params: ID_PARAMS,
          querystring: { type: 'object', properties: { fields: FIELDS_PARAM } },
          response: { '200': { description: `The ${singular}.`, content: json(object) }, ...errors('400', '401', '404') },
        },
      },
    );
  }
  const base = `/api/${key}`;
  routes.push(
    {
      method: 'POST',
      url: base,
      schema: {
        operationId: `create_${key}`,
        summary: `Create a ${singular}`,
        tags,
        headers: CSRF_HEADERS,
        body: ref(names.create),
        response: {
          '201': { description: `The new ${singular}, id included.`, content: json(ref(names.object)) },
          ...errors('400', '401', '403', '409', '413'),
        },
      },
    },
    {
      method: 'PUT',
      url: `${base}/:id`,
      schema: {
        operationId: `update_${key}`,
        summary: `Change a ${singular}`,
        tags,
        params: ID_PARAMS,
        headers: CSRF_HEADERS,
        body: ref(names.update),
        response: {
          '200': { description: `The ${singular} as changed.`, content: json(ref(names.object)) },
          ...errors('400', '401', '403', '404', '409', '413'),
        },
      },
    },
    {
      method: 'DELETE',
      url: `${base}/:id`,
      schema: {
        operationId: `delete_${key}`,
        summary: `Delete a ${singular}`,
        tags,
        params: ID_PARAMS,
        ...(category.deleteWithContent?.length ? cascadeDoc(category) : {}),
        headers: CSRF_HEADERS,
        response: {
          '200': { description: `The ${singular} as it was before the delete.`, content: json(ref(names.object)) },
          ...(category.deleteWithContent?.length ? errors('400') : {}),
          ...errors('401', '403', '404', '409'),
        },
      },
    },
  );
  return routes;
}
