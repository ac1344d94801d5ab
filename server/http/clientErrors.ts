/**
 * The answers made before any route or hook runs, in the API's shape ({ Description }, spec section
 * 8) with the security headers of every other answer (server/http/securityHeaders.ts) and no-store:
 * - Node's HTTP parser refuses a request whose headers (the URL included) pass its limit, or that is
 *   not HTTP, or too slow to arrive: Fastify's clientErrorHandler writes the answer on the socket;
 * - Fastify's router refuses a URL it cannot decode, or a path parameter longer than its
 *   maxParamLength (414): frameworkErrors.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ownMessages } from '../../src/messages';
import { NO_STORE } from './cacheHeaders';
import { securityHeaders } from './securityHeaders';

interface ClientError extends Error {
  code?: string;
}

function parserAnswer(err: ClientError): [number, string] {
  if (err.code === 'HPE_HEADER_OVERFLOW') return [431, ownMessages.headersTooLarge];
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, ownMessages.requestTimeout];
  return [400, ownMessages.malformedRequest];
}

/** Fastify's clientErrorHandler: Node's parser gave up on the connection's request. */
export function clientErrorHandler(err: ClientError, socket: Socket): void {
  // A connection reset or already closed: nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, description] = parserAnswer(err);
    const body = JSON.stringify({ Description: description });
    const headers = {
      ...securityHeaders(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': NO_STORE,
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy(err);
}

/** Fastify's frameworkErrors: the router could not take the URL. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, description] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, ownMessages.uriTooLong]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, ownMessages.badUrl]
        : [error.statusCode ?? 500, ownMessages.internalError];
  void reply.code(status).headers({ ...securityHeaders(), 'cache-control': NO_STORE }).send({ Description: description });
}
