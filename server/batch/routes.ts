/**
 * The batch calls of every category in the registry: the generic update and delete (server/crud/routes.ts)
 * of many objects in one request and one transaction (run.ts), so a fleet's selection does not
 * cost one request per object:
 *
 *   PUT    /api/batch/{cat}   {"ids": [...], "data": {...}}   200 {"count": n}: each object updated with `data`
 *   DELETE /api/batch/{cat}   {"ids": [...]}                  200 {"count": n}: each object deleted
 *
 * Each object by the rules of its one-by-one call; the first refusal answers that call's status,
 * naming the object, and nothing of the batch is changed. At most BATCH_MAX ids, each once.
 */
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Category } from '../../src/schemas/defineCategory';
import { idValue } from '../../src/schemas/kinds';
import { ownMessages } from '../../src/messages';
import { BATCH_MAX, batchPath } from '../../src/batch';
import { requireUser } from '../crud/access';
import { schemaNames } from '../openapi/jsonSchema';
import { answers, component, errors, json, jsonBody } from '../openapi/contract';
import { deleteBatch, updateBatch } from './run';

const IDS_WORDS = ownMessages.batchIds(BATCH_MAX);

/** 1 to BATCH_MAX object ids, each once, in the order they are written. */
const ids = z
  .array(idValue(IDS_WORDS), { error: IDS_WORDS })
  .min(1, { error: IDS_WORDS })
  .max(BATCH_MAX, { error: IDS_WORDS })
  .refine((list) => new Set(list).size === list.length, { error: IDS_WORDS })
  .describe(`The objects, 1 to ${BATCH_MAX}, each once: an id unknown or of another team answers 404 naming it.`);

const COUNT = z.object({ count: z.number().int().describe('How many objects the batch changed: all of `ids`.') });

const refusal = (title: string) =>
  'One transaction: the first object refused answers the status its own call would (400, 403, 404, 409), the Description naming it ' +
  `(\`${title} '...' (id 12): ...\`), and nothing of the batch is changed.`;

function contracts(category: Category) {
  const { key, plural } = category;
  const tags = [key];
  return {
    update: {
      operationId: `batchUpdate_${key}`,
      summary: `Change many ${plural.toLowerCase()} alike`,
      description: `Each of \`ids\` is changed with \`data\` as \`PUT /api/${key}/{id}\` would. ${refusal(category.title)}`,
      tags,
      body: jsonBody({ ids, data: component(schemaNames(category).update).describe(`The fields to change, as the body of PUT /api/${key}/{id}.`) }),
      response: answers({ 200: { description: 'All were changed.', content: json(COUNT) }, ...errors('400', '401', '403', '404', '409', '413') }),
    },
    delete: {
      operationId: `batchDelete_${key}`,
      summary: `Delete many ${plural.toLowerCase()}`,
      description: `Each of \`ids\` is deleted as \`DELETE /api/${key}/{id}\` would (without \`cascade\`). ${refusal(category.title)}`,
      tags,
      body: jsonBody({ ids }),
      response: answers({ 200: { description: 'All were deleted.', content: json(COUNT) }, ...errors('400', '401', '403', '404', '409', '413') }),
    },
  };
}

export const batchRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const category of app.registry.categories) {
    const contract = contracts(category);
    app.put(batchPath(category.key), { schema: contract.update }, async (request) => {
      const user = requireUser(request.user);
      return { count: await updateBatch(app, user, category, request.body.ids, request.body.data) };
    });
    app.delete(batchPath(category.key), { schema: contract.delete }, async (request) => {
      const user = requireUser(request.user);
      return { count: await deleteBatch(app, user, category, request.body.ids) };
    });
  }
};
