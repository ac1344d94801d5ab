/**
 * Private answers are not cached: an answer that says nothing of caching (every /api answer but the
 * few that choose: a stored file's download, the public API reference) gets `Cache-Control:
 * no-store`, and so does every error, whatever its route said before it failed. A shared cache or a
 * browser's disk then keeps no one's devices, session or error.
 */
import type { FastifyInstance } from 'fastify';

export const NO_STORE = 'no-store';

export function privateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) void reply.header('cache-control', NO_STORE);
    return payload;
  });
}
