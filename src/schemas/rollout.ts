/**
 * A rollout (issue 30): a firmware brought to a team's devices in phases, paused by itself when too
 * many of a phase's devices fail. Declared as any category, so its list, CSV, OpenAPI and team
 * isolation follow; what it does once started (its devices, their targets, its state) is the
 * server's engine (server/rollouts/, docs/ROLLOUTS.md), which alone writes the system fields below.
 */
import { defineCategory } from './defineCategory';
import { authorField, dateField, nameField, notesField, teamField } from './fields';
import { RECENCY_VALUES } from './recency';
import { ADVANCE_MODES, DEFAULT_PHASES, PHASES_SCHEMA, ROLLOUT_STATES } from './rolloutPlan';
import { INT4_MAX, jsonSchemaProblem, refListIds } from './kinds';
import { ownMessages } from '../messages';

/** A year of minutes: the longest time limit or wait. */
const MAX_MINUTES = 525_600;

export const rollout = defineCategory({
  key: 'rollout',
  id: 12,
  singular: 'rollout',
  title: 'Rollout',
  plural: 'Rollouts',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: {
    name: nameField(),
    team_id: teamField,
    firmware_id: {
      kind: 'ref',
      ref: 'firmware',
      label: 'Firmware',
      required: ownMessages.rolloutFirmwareRequired,
      list: true,
      filter: true,
      input: 'select',
    },
    // The firmware's type: every device of the rollout is of it (a group or a filter of another type is refused).
    type_id: { kind: 'ref', ref: 'type', label: 'Type', list: true, filter: true, input: 'none', follows: { via: 'firmware_id', always: true } },
    // The devices: a group, a filter of the devices table, or chosen devices (one of the three).
    devices_group_id: { kind: 'ref', ref: 'devices_group', label: 'Group', input: 'select', matches: ['type_id'], onDelete: 'setNull' },
    device_filter: {
      kind: 'json',
      label: 'Device filter',
      default: null,
      input: 'none',
      // The devices table's own filter (server/crud/listQuery.ts): its search (names, unique IDs, custom field values), group and last contact.
      schema: {
        type: ['object', 'null'],
        properties: {
          q: { type: 'string', maxLength: 200 },
          // A group of the rollout's team (server/categories/rollout.ts), as devices_group_id's; null: the devices of no group
          // (the devices table's filter on null), the filter that keeps the group rule (docs/ROLLOUTS.md, "The group rule").
          group_id: { type: ['integer', 'null'], minimum: 1, maximum: INT4_MAX },
          last_seen: { enum: RECENCY_VALUES },
        },
        additionalProperties: false,
      },
    },
    device_ids: {
      kind: 'refList',
      ref: 'device',
      label: 'Devices',
      default: [],
      input: 'none',
      // A deleted device leaves the list (with its entry) rather than being refused as in use: a fleet deletes devices once in a rollout.
      onDelete: 'setNull',
      // Two of the three: the start would take one and silently ignore the other.
      checkWith: {
        on: ['devices_group_id', 'device_filter'],
        check: (v, o) => ([o.devices_group_id ?? null, o.device_filter ?? null].filter((x) => x !== null).length + Math.min(1, (refListIds(v) ?? []).length) > 1 ? ownMessages.rolloutOneSelection : undefined),
      },
    },
    phases: {
      kind: 'json',
      label: 'Phases',
      default: [...DEFAULT_PHASES],
      schema: PHASES_SCHEMA,
      // An optional field takes null (src/schemas/compile.ts) before its schema is read; the engine needs the list.
      checkWith: { on: [], check: (v, _o, label) => (v === null ? ownMessages.jsonSchemaMismatch(label, jsonSchemaProblem(PHASES_SCHEMA, v) ?? '') : undefined) },
    },
    failure_threshold_percent: { kind: 'integer', label: 'Failure threshold (%)', default: 20, list: true, min: 1, max: 100 },
    // A phase's devices that neither succeeded nor failed by then count as failed; null: no limit.
    phase_timeout_minutes: { kind: 'integer', label: 'Phase time limit (minutes)', default: null, min: 1, max: MAX_MINUTES },
    advance: {
      kind: 'enum',
      label: 'After a phase',
      values: ADVANCE_MODES,
      valueLabels: ownMessages.rolloutAdvanceLabels,
      default: 'auto',
      list: true,
      checkWith: { on: ['wait_minutes'], check: (v, o) => (v === 'wait' && typeof o.wait_minutes !== 'number' ? ownMessages.rolloutWaitMinutesRequired : undefined) },
    },
    wait_minutes: {
      kind: 'integer',
      label: 'Wait (minutes)',
      default: null,
      min: 1,
      max: MAX_MINUTES,
      // Beside 'auto' or 'manual' it would be kept and never waited: a client would think it set a wait.
      checkWith: { on: ['advance'], check: (v, o) => (v !== null && v !== undefined && o.advance !== 'wait' ? ownMessages.rolloutWaitMinutesOnlyForWait : undefined) },
    },
    // Abort then also gives the devices that succeeded the target they had before.
    rollback_on_abort: { kind: 'boolean', label: 'Roll back on abort', default: false },
    state: { kind: 'enum', label: 'State', values: ROLLOUT_STATES, valueLabels: ownMessages.rolloutStateLabels, system: true, default: 'draft', list: true, filter: true },
    phase: { kind: 'integer', label: 'Phase', system: true, default: 0, list: true },
    // When the current phase's devices got the target; when it ended (null: under way); when the next one starts by itself.
    phase_started: { kind: 'datetime', label: 'Phase started', system: true },
    phase_ended: { kind: 'datetime', label: 'Phase ended', system: true },
    next_phase_at: { kind: 'datetime', label: 'Next phase', system: true },
    // The events of its life (src/schemas/rolloutPlan.ts ROLLOUT_HISTORY_ENTRY), appended by the engine.
    history: { kind: 'json', label: 'History', system: true, default: [] },
    notes: notesField,
    author_id: authorField,
    date: dateField,
  },
  summary: ['name', 'id'],
  unique: [{ name: 'rollout_name_per_team_key', fields: ['team_id', 'name'], message: (o) => ownMessages.rolloutNameNotUnique(String(o.name)) }],
  expansions: { firmware: { field: 'firmware_id' }, type: { field: 'type_id' }, devices_group: { field: 'devices_group_id' }, author: { field: 'author_id' } },
  console: {
    list: '/rollouts',
    listKind: 'table',
    base: 'rollout',
    // After the spec's six entries, before the server administrators' Users.
    menu: { order: 6.5 },
  },
});
