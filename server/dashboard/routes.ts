/**
 * GET /api/dashboard: the home page's figures over the caller's devices (figures.ts). Not a call of
 * the spec: the console's own, described in server/dashboard/openapi.ts. Callers of the same teams
 * get the same figures, so those asking at once share a query (nextRun.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { DASHBOARD_PATH, type DashboardFigures } from '../../src/custom/dashboard/dashboardFigures';
import { memberTeamIds } from '../auth/sessionUser';
import { requireUser } from '../crud/access';
import { dashboardFigures } from './figures';
import { sharedNextRun } from './nextRun';

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const figuresOf = sharedNextRun<DashboardFigures>();
  app.get(`/api${DASHBOARD_PATH}`, async (request) => {
    const user = requireUser(request.user);
    // The figures depend on the member teams alone (figures.ts scopes every table by them).
    const teams = memberTeamIds(user).sort((a, b) => a - b).join(',');
    return figuresOf(teams, () => dashboardFigures(app.db, user));
  });
};
