/**
 * GET /api/dashboard: the home page's figures over the caller's devices (figures.ts). Not a call of
 * the spec: the console's own, its contract declared here. Callers of the same teams
 * get the same figures, so those asking at once share a query (nextRun.ts), and the figures are
 * kept a few seconds (one aggregate over a 100,000-device fleet costs 100 to 170 ms): forgotten at
 * once when rows are added or removed, or when a column the lists count by changes (team, type,
 * group, firmwares, state, names: the NOTIFY of countCache.ts), so a user sees those changes on
 * the next request; a check-in's last_seen, or a firmware's new version number, shows within the
 * few seconds.
 */
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONFIG_STATES } from '../../src/schemas/device';
import { ROLLOUT_STATES } from '../../src/schemas/rolloutPlan';
import { answers, errors, json, objectId } from '../openapi/contract';
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

const count = (description: string) => z.number().int().min(0).describe(description);

const FIRMWARE_COUNTS = z.array(
  z.object({
    firmware_id: objectId.nullable().describe('null: devices with none.'),
    name: z.string().nullable(),
    version: z.string().nullable(),
    count: count('Devices of the type with this firmware.'),
  }),
);

const FIGURES = z.object({
  device_count: count("Devices of the caller's teams."),
  not_seen_for_a_day: count('Devices last seen more than 24 hours ago (never seen ones are not counted here).'),
  never_seen: count('Devices that have never checked in (`last_seen` null).'),
  config_states: z
    .array(z.object({ config_state: z.enum(CONFIG_STATES).nullable(), count: count('Devices in this state.') }))
    .describe('Devices per configuration sync state (`config_state`, as the devices table filters it), every state listed; null: never configured.'),
  types: z
    .array(
      z.object({
        type_id: objectId,
        name: z.string(),
        count: count('Devices of the type.'),
        current_firmware: FIRMWARE_COUNTS,
        target_firmware: FIRMWARE_COUNTS,
      }),
    )
    .describe('Devices per type, most first, each with its devices per current and per target firmware (most first).'),
  updating_now: count('Devices downloading or installing an update (`update_state`, as the devices table filters it).'),
  failed_updates: count('Devices whose last update failed (`update_state` failed).'),
  rollouts: z
    .array(
      z.object({
        id: objectId,
        name: z.string(),
        state: z.enum(ROLLOUT_STATES),
        phase: z.number().int().describe('Its current phase, from 1.'),
        phases: z.number().int().describe('How many phases it has.'),
      }),
    )
    .describe('The running and paused rollouts, newest first (at most 20).'),
}) satisfies z.ZodType<DashboardFigures>; // the documented answer is the one the console reads

const DASHBOARD_SCHEMA = {
  operationId: 'dashboard',
  summary: "Figures of the caller's devices for the home page",
  description:
    'Counts over the devices of the teams the caller is a member of, as the devices table lists them (a server administrator too sees those teams only), ' +
    'from one aggregate query: the total, the devices per type, per firmware in the field (current and target, per type), per configuration state ' +
    "(`config_state`, as the table's filter), those not seen for a day or never seen, those updating and those whose update failed; " +
    "and the rollouts under way. The console's own call, not one of the spec.",
  tags: ['device'],
  response: answers({ 200: { description: 'The figures.', content: json(FIGURES) }, ...errors('401') }),
};

export const dashboardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const figuresOf = sharedNextRun<DashboardFigures>();
  const kept = new Map<string, { at: number; figures: DashboardFigures }>();
  let generation = 0;
  const forget = app.db.onChange((payload) => {
    if (!payload.startsWith(ROWS_CHANGE) && payload !== CHANGES_LOST) return;
    generation++;
    kept.clear();
  });
  app.addHook('onClose', async () => forget());

  app.get(`/api${DASHBOARD_PATH}`, { schema: DASHBOARD_SCHEMA }, async (request) => {
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
