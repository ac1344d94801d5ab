/**
 * The contracts of the generic routes of a category (server/crud/routes.ts attaches them where it
 * registers the routes), derived from the registry: the handlers check bodies and list queries with
 * the registry's zod schemas and the spec's messages, so those parts are documented here
 * (documented) from the same declaration (jsonSchema.ts) and let through by Fastify; the path
 * id is checked by its schema (any other text is the 404 of an unknown object).
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { Category } from '../../src/schemas/defineCategory';
import { expectParam } from '../../src/schemas/contentExpectations';
import { MAX_PAGE, plainQueryFields } from '../crud/listQuery';
import { comparisonFilterSchemas, plainFilterSchema, ref, schemaNames, type JsonSchema } from './jsonSchema';
import { answers, documented, component, errors, ID_PARAMS, json, type ResponseDoc } from './contract';

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
      ...comparisonFilterSchemas(category),
      sort: { type: 'string', description: 'JSON `[field, "ASC" | "DESC"]`; answers a page (array).', examples: ['["name","ASC"]'] },
      range: { type: 'string', description: `JSON \`[first, last]\`, inclusive, at most ${MAX_PAGE} objects; answers a page (array).`, examples: ['[0,24]'] },
      filter: { type: 'string', description: 'JSON object: `q` (search text), `id`, filterable and reference fields; answers a page (array).', examples: ['{"q":"abc"}'] },
    },
  };
}

/** A list answer: `{"json_list": [...]}`, or with sort/range/filter the page as an array and its Content-Range. */
function listResponse(item: JsonSchema): ResponseDoc {
  return {
    description: 'The objects the caller may see: `{"json_list": [...]}`; with `sort`, `range` or `filter`, the page as a JSON array.',
    headers: {
      'Content-Range': {
        description: 'With `sort`, `range` or `filter`: `{cat} {first}-{last}/{total}` (`{cat} */{total}` for an empty page).',
        schema: z.string(),
      },
    },
    content: json(
      documented({
        oneOf: [
          { type: 'object', properties: { json_list: { type: 'array', items: item } }, required: ['json_list'] },
          { type: 'array', items: item },
        ],
      }),
    ),
  };
}

/** A body the handler checks against the category's body schema (components `{cat}_create`, `{cat}_update`). */
const body = (name: string) => ({ content: { 'application/json': { schema: component(name) } } });

/** `?cascade=true` of a category declaring deleteWithContent (server/crud/deleteWithContent.ts). */
function cascadeDoc(category: Category): Pick<FastifySchema, 'description' | 'querystring'> {
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
  return { description, querystring: documented({ type: 'object', properties: { cascade: { type: 'string', enum: ['true', 'false'], description }, ...expects } }) };
}

/** The contracts of the generic routes of a category (server/crud/routes.ts), by route. */
export function categoryContracts(category: Category) {
  const { key, singular, plural } = category;
  const names = schemaNames(category);
  const tags = [key];
  const object = (full: boolean) => ref(full ? names.full : names.object);
  const also = (full: boolean) => (full ? ' with their expansions, lists, lookups and counts' : '');
  return {
    list: (full: boolean) => ({
      operationId: `${full ? 'listFull' : 'list'}_${key}`,
      summary: `${plural}${also(full)}`,
      tags,
      querystring: documented(listQuery(category)),
      response: answers({ 200: listResponse(object(full)), ...errors('400', '401') }),
    }),
    get: (full: boolean) => ({
      operationId: `${full ? 'getFull' : 'get'}_${key}`,
      summary: `One ${singular}${full ? ' with its expansions, lists, lookups and counts' : ''}`,
      tags,
      params: ID_PARAMS,
      querystring: documented({ type: 'object', properties: { fields: FIELDS_PARAM } }),
      response: answers({ 200: { description: `The ${singular}.`, content: json(documented(object(full))) }, ...errors('400', '401', '404') }),
    }),
    create: {
      operationId: `create_${key}`,
      summary: `Create a ${singular}`,
      tags,
      body: body(names.create),
      response: answers({
        201: { description: `The new ${singular}, id included.`, content: json(component(names.object)) },
        ...errors('400', '401', '403', '409', '413'),
      }),
    },
    update: {
      operationId: `update_${key}`,
      summary: `Change a ${singular}`,
      tags,
      params: ID_PARAMS,
      body: body(names.update),
      response: answers({
        200: { description: `The ${singular} as changed.`, content: json(component(names.object)) },
        ...errors('400', '401', '403', '404', '409', '413'),
      }),
    },
    delete: {
      operationId: `delete_${key}`,
      summary: `Delete a ${singular}`,
      tags,
      params: ID_PARAMS,
      ...(category.deleteWithContent?.length ? cascadeDoc(category) : {}),
      response: answers({
        200: { description: `The ${singular} as it was before the delete.`, content: json(component(names.object)) },
        ...(category.deleteWithContent?.length ? errors('400') : {}),
        ...errors('401', '403', '404', '409'),
      }),
    },
  };
}
