/**
 * GET /api/dashboard: the home page's figures over the caller's devices (figures.ts). Not a call of
 * the spec: the console's own, described in server/dashboard/openapi.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { DASHBOARD_PATH } from '../../src/custom/dashboard/dashboardFigures';
import { requireUser } from '../crud/access';
import { dashboardFigures } from './figures';

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get(`/api${DASHBOARD_PATH}`, async (request) => dashboardFigures(app.db, requireUser(request.user)));
};
