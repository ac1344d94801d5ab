/**
 * The device API (docs/DEVICE_API.md), outside /api: a device signs each call with its own key, so
 * the console's session cookie and CSRF rules (server/auth/plugin.ts, /api only) play no part here.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { idFromText } from '../../src/schemas/kinds';
import { parseDeviceToken, type DeviceToken } from './auth';
import { checkin, parseCheckinBody } from './checkin';
import { DEVICE_API_PREFIX } from './wire';
import { sendTargetFirmware } from './firmware';
import { lastSeenWriter } from './lastSeen';

/** Largest check-in body: a configuration of up to 1 MB (config texts are kept under 1,000,000 characters). */
export const CHECKIN_BODY_LIMIT = 1_000_000;

export const deviceApiRoutes = fp(async (app) => {
  const seen = lastSeenWriter(app.db);
  // The token's form and claims are checked before the body is read: a forged call costs no parsing of up to 1 MB.
  const tokens = new WeakMap<FastifyRequest, DeviceToken>();
  const tokenFirst = async (request: FastifyRequest) => void tokens.set(request, parseDeviceToken(request.headers.authorization));
  // `public`: no console session (the OpenAPI document lists the device token instead).
  app.post(`${DEVICE_API_PREFIX}/checkin`, { bodyLimit: CHECKIN_BODY_LIMIT, config: { public: true }, onRequest: tokenFirst }, async (request) =>
    checkin(app.db, seen, tokens.get(request)!, parseCheckinBody(request.body), app.config.devicePollSeconds),
  );

  app.get<{ Params: { id: string } }>(`${DEVICE_API_PREFIX}/firmware/:id`, { config: { public: true } }, async (request, reply) => {
    const token = parseDeviceToken(request.headers.authorization);
    return sendTargetFirmware(app, request, reply, token, idFromText(request.params.id));
  });
});
