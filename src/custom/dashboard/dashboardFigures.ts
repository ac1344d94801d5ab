/**
 * The answer of GET /api/dashboard (server/dashboard/), shared by the server that builds it and the
 * home page that draws it, so that both read one shape. Every figure counts the devices of the
 * caller's teams only.
 */
import type { ConfigState, UpdateState } from '../../schemas/device';
import type { RolloutState } from '../../schemas/rolloutPlan';

/**
 * A field the category declares (the wide index signature of Category left out), for naming a
 * device column without a string a typo would let through.
 */
export type DeclaredField<C extends { fields: object }> = Extract<keyof { [K in keyof C['fields'] as string extends K ? never : K]: unknown }, string>;

/** The call's path under /api. */
export const DASHBOARD_PATH = '/dashboard';

/** How many devices of a type run (current) or are to run (target) one firmware; firmware_id null: none. */
export interface FirmwareCount {
  firmware_id: number | null;
  name: string | null;
  version: string | null;
  count: number;
}

export interface TypeFigures {
  type_id: number;
  name: string;
  count: number;
  current_firmware: FirmwareCount[];
  target_firmware: FirmwareCount[];
}

/** The devices table's filters of the update figures (its 'Update' filter), which the dashboard links to. */
export const updatingNowFilter: { update_state: UpdateState[] } = { update_state: ['downloading', 'installing'] };
export const failedUpdatesFilter: { update_state: UpdateState } = { update_state: 'failed' };

/** A rollout under way (running or paused): in its phase `phase` of `phases`. */
export interface RolloutFigure {
  id: number;
  name: string;
  state: RolloutState;
  phase: number;
  phases: number;
}

export interface DashboardFigures {
  device_count: number;
  /** Devices last seen more than a day ago (never seen ones are not in this count). */
  not_seen_for_a_day: number;
  never_seen: number;
  /** config_state null: never configured. */
  config_states: { config_state: ConfigState | null; count: number }[];
  /** Most devices first. */
  types: TypeFigures[];
  /** Devices downloading or installing an update (updatingNowFilter). */
  updating_now: number;
  /** Devices whose last update failed (failedUpdatesFilter). */
  failed_updates: number;
  /** The running and paused rollouts, newest first. */
  rollouts: RolloutFigure[];
}
