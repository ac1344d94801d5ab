/**
 * GET /api/dashboard: the home page's figures over the caller's devices (figures.ts). Not a call of
 * the spec: the console's own, described in server/dashboard/openapi.ts. Callers of the same teams
 * get the same figures, so those asking at once share a query (nextRun.ts), and the figures are
 * kept a few seconds (one aggregate over a 100,000-device fleet costs 100 to 170 ms): forgotten at
 * once when rows are added or removed, or when a column the lists count by changes (team, type,
 * group, firmwares, state, names: the NOTIFY of countCache.ts), so a user sees those changes on
 * the next request; a check-in's last_seen, or a firmware's new version number, shows within the
 * few seconds.
 */
import type { FastifyPluginAsync } from 'fastify';
import { DASHBOARD_PATH, type DashboardFigures } from '../../src/custom/dashboard/dashboardFigures';
import { memberTeamIds } from '../auth/sessionUser';
import { requireUser } from '../crud/access';
import { ROWS_CHANGE } from '../crud/countCache';
import { CHANGES_LOST } from '../db/database';
import { dashboardFigures } from './figures';
import { sharedNextRun } from './nextRun';

export const FIGURES_FRESH_MS = 10_000;
/** Team sets whose figures are kept at most; the oldest go first. */
const KEPT_MAX = 1_000;

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const figuresOf = sharedNextRun<DashboardFigures>();
  const kept = new Map<string, { at: number; figures: DashboardFigures }>();
  let generation = 0;
  const forget = app.db.onChange((payload) => {
    if (!payload.startsWith(ROWS_CHANGE) && payload !== CHANGES_LOST) return;
    generation++;
    kept.clear();
  });
  app.addHook('onClose', async () => forget());

  app.get(`/api${DASHBOARD_PATH}`, async (request) => {
    const user = requireUser(request.user);
    // The figures depend on the member teams alone (figures.ts scopes every table by them).
    const teams = memberTeamIds(user).sort((a, b) => a - b).join(',');
    const known = kept.get(teams);
    if (known && Date.now() - known.at < FIGURES_FRESH_MS) return known.figures;
    const [at, readGeneration] = [Date.now(), generation];
    const figures = await figuresOf(teams, () => dashboardFigures(app.db, user));
    // Not kept when a change was told while it was read: it may or may not be in them.
    if (readGeneration === generation) {
      kept.delete(teams);
      kept.set(teams, { at, figures });
      if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value as string);
    }
    return figures;
  });
};
