/**
 * The origin the links a server answers point to (a QR code's /qr link, a label, an invitation link):
 * PUCS_PUBLIC_URL, else the origin the request came to.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { ownMessages } from '../../src/messages';
import { badRequest } from './errors';

/**
 * A Host a browser can send: a DNS name (labels of letters, digits, '-' and '_', at most 253
 * characters), an IPv4 address or an [IPv6] address, with an optional port. Anything else names no
 * origin a QR link could point to (a 2,500-character Host made the QR encoder throw: a 500).
 */
const HOST = /^(?:(?=[^:]{1,253}(?::|$))[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * PUCS_PUBLIC_URL, else the origin the request came to: where /qr links point (labels print it too).
 * A request naming an impossible host is refused (400) rather than printed into a QR code or a link.
 */
export const publicOrigin = (config: ServerConfig, request: FastifyRequest) => {
  if (config.publicUrl) return config.publicUrl;
  if (!HOST.test(request.host)) throw badRequest(ownMessages.impossibleHost);
  return `${request.protocol}://${request.host}`;
};
