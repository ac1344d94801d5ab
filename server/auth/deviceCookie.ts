/**
 * The device cookie (OWASP's 'device cookies'; docs/OPERATIONS.md, Sign-in limits): a browser that
 * signed in to an account is given a long-lived, signed, httpOnly cookie naming a random device id
 * and the account's user id. An attempt carrying a valid one for the account it tries is counted on
 * its own (server/auth/signInLimits.ts), so no stranger's failures at the same address refuse it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInCookieOptions } from './sessions';

export const DEVICE_COOKIE = 'pucs_device';
export const DEVICE_DAYS = 365;

/** The device id of the request's valid device cookie for user `userId`, else undefined. */
export function deviceOf(request: FastifyRequest, userId: number | undefined): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (userId === undefined || !raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const [device, user] = unsigned.value.split('.');
  return user === String(userId) && /^[0-9a-f]{32}$/.test(device) ? device : undefined;
}

/** Gives the browser its device cookie for `userId` (keeping its device id when it has one). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, userId: number, device?: string): void {
  const id = device ?? randomBytes(16).toString('hex');
  reply.setCookie(DEVICE_COOKIE, `${id}.${userId}`, signInCookieOptions(request.protocol, '/api/login', DEVICE_DAYS));
}
