/**
 * What the log says of a request (Fastify writes it at info level: 'incoming request'): Fastify's
 * own fields, but the address of a route whose path carries a secret (config.secretInPath: an
 * invitation link's token, POST /api/invitation/{token}; a device's QR id, its label's only secret)
 * is written as the route's pattern, so a log never holds what opens an account or claims a device.
 * Headers are never written (an API token travels in one).
 */
import type { FastifyRequest } from 'fastify';

export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.routeOptions?.config?.secretInPath ? request.routeOptions.url : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
