/**
 * The rollout being made on the create page, step by step: what the user chose, the POST body it
 * becomes, the filter of the devices table that counts its devices now, and each step's problems
 * (the category's own field rules, src/schemas/rollout.ts, through the form's validator). Pure, so
 * that the page only draws it.
 */
import { rollout } from '../../schemas/rollout';
import { DEFAULT_PHASES, rollsBackAll, type AdvanceMode, type Phase } from '../../schemas/rolloutPlan';
import type { RecencyFilter } from '../../schemas/recency';
import { validateObject, type FieldErrors } from '../object/validation';
import { ownMessages } from '../../messages';

/** How the devices are named: a group, the devices table's filter, or chosen one by one. */
export const DEVICE_SOURCES = ['group', 'filter', 'chosen'] as const;
export type DeviceSource = (typeof DEVICE_SOURCES)[number];

/** The filter's group: one group, the devices of no group (null, as the devices list reads it), or any group (no condition). */
export const ANY_GROUP = 'any';

export interface DeviceFilter {
  q: string;
  group_id: number | null | typeof ANY_GROUP;
  last_seen: RecencyFilter | '';
}

export interface RolloutDraft {
  name: string;
  team_id: number | null;
  firmware_id: number | null;
  /** The chosen firmware's type: every device of the rollout is of it. */
  type_id: number | null;
  source: DeviceSource;
  devices_group_id: number | null;
  filter: DeviceFilter;
  /** The devices chosen one by one (their names shown as chosen). */
  devices: { id: number; name: string }[];
  phases: Phase[];
  failure_threshold_percent: number | null;
  phase_timeout_minutes: number | null;
  advance: AdvanceMode;
  wait_minutes: number | null;
  rollback_on_abort: boolean;
}

const defaultOf = <T>(name: keyof typeof rollout.fields): T => rollout.fields[name].default as T;

export const newDraft = (): RolloutDraft => ({
  name: '',
  team_id: null,
  firmware_id: null,
  type_id: null,
  source: 'group',
  devices_group_id: null,
  filter: { q: '', group_id: null, last_seen: '' },
  devices: [],
  phases: [...DEFAULT_PHASES],
  failure_threshold_percent: defaultOf('failure_threshold_percent'),
  phase_timeout_minutes: defaultOf('phase_timeout_minutes'),
  advance: defaultOf('advance'),
  wait_minutes: defaultOf('wait_minutes'),
  rollback_on_abort: defaultOf('rollback_on_abort'),
});

/** The devices filter as the rollout stores it (device_filter): only what is set. */
function storedFilter(filter: DeviceFilter): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  if (filter.q.trim() !== '') stored.q = filter.q.trim();
  // The devices of no group at first: a filter that takes a device of a group is refused (docs/ROLLOUTS.md, "The group rule").
  if (filter.group_id !== ANY_GROUP) stored.group_id = filter.group_id;
  if (filter.last_seen !== '') stored.last_seen = filter.last_seen;
  return stored;
}

/**
 * The filter of GET /api/device that matches the devices the rollout would take if it started now:
 * those of its team and its firmware's type, then its group, filter or chosen ids.
 */
export function deviceCountFilter(draft: RolloutDraft): Record<string, unknown> | undefined {
  if (draft.team_id === null || draft.type_id === null) return undefined;
  const scope = { team_id: draft.team_id, type_id: draft.type_id };
  if (draft.source === 'group') return draft.devices_group_id === null ? undefined : { ...scope, group_id: draft.devices_group_id };
  if (draft.source === 'filter') return { ...scope, ...storedFilter(draft.filter) };
  return undefined;
}

/**
 * The same for a saved rollout, from its stored group or filter (the group first, as the start
 * reads them); undefined for chosen devices, whose number is that of their ids.
 */
export function savedCountFilter(record: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const scope = { team_id: record.team_id, type_id: record.type_id };
  if (typeof record.devices_group_id === 'number') return { ...scope, group_id: record.devices_group_id };
  if (record.device_filter && typeof record.device_filter === 'object') return { ...scope, ...record.device_filter };
  return undefined;
}

/** The one way of naming the devices the user chose, the others left out. */
function devicesOf(draft: RolloutDraft): Record<string, unknown> {
  if (draft.source === 'group') return { devices_group_id: draft.devices_group_id };
  return draft.source === 'filter' ? { device_filter: storedFilter(draft.filter) } : { device_ids: draft.devices.map((d) => d.id) };
}

/** Whether an abort will give back the devices that succeeded too, whatever the switch says (a rollout over a group: rollsBackAll). */
export const rollsBackAnyway = (draft: RolloutDraft): boolean => rollsBackAll(devicesOf(draft));

/** POST /api/rollout's body. */
export function rolloutBody(draft: RolloutDraft): Record<string, unknown> {
  const devices = devicesOf(draft);
  return {
    name: draft.name,
    team_id: draft.team_id,
    firmware_id: draft.firmware_id,
    ...devices,
    phases: draft.phases,
    failure_threshold_percent: draft.failure_threshold_percent,
    phase_timeout_minutes: draft.phase_timeout_minutes,
    advance: draft.advance,
    wait_minutes: draft.advance === 'wait' ? draft.wait_minutes : null,
    rollback_on_abort: rollsBackAll({ rollback_on_abort: draft.rollback_on_abort, ...devices }),
  };
}

/** The steps of the create page, in order, with the body fields each one sets. */
export const STEPS = [
  { key: 'firmware', fields: ['name', 'team_id', 'firmware_id'] },
  { key: 'devices', fields: ['devices_group_id', 'device_filter', 'device_ids'] },
  { key: 'phases', fields: ['phases'] },
  { key: 'rules', fields: ['failure_threshold_percent', 'phase_timeout_minutes', 'advance', 'wait_minutes', 'rollback_on_abort'] },
] as const;

/** The problems of one step's fields, by the category's rules; a group or a device chosen when the devices are named so. */
export function stepErrors(draft: RolloutDraft, step: number): FieldErrors {
  const body = rolloutBody(draft);
  const fields = STEPS[step].fields.filter((name) => name in body);
  const errors = validateObject({ category: rollout, fields, values: body });
  if (STEPS[step].key === 'devices') {
    if (draft.source === 'group' && draft.devices_group_id === null) errors.devices_group_id = ownMessages.rolloutGroupRequired;
    if (draft.source === 'chosen' && draft.devices.length === 0) errors.device_ids = ownMessages.rolloutDevicesRequired;
  }
  return errors;
}
