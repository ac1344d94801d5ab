/** OpenAPI description of GET /api/dashboard (server/dashboard/routes.ts), listed by server/openapi/special.ts. */
import { CONFIG_STATES } from '../../src/schemas/device';
import { DASHBOARD_PATH } from '../../src/custom/dashboard/dashboardFigures';
import type { JsonSchema } from '../openapi/jsonSchema';
import { errors, json, type RouteDoc } from '../openapi/routes';

const count = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });

const FIRMWARE_COUNTS: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      firmware_id: { type: ['integer', 'null'], description: 'null: devices with none.' },
      name: { type: ['string', 'null'] },
      version: { type: ['string', 'null'] },
      count: count('Devices of the type with this firmware.'),
    },
    required: ['firmware_id', 'name', 'version', 'count'],
  },
};

const FIGURES: JsonSchema = {
  type: 'object',
  properties: {
    device_count: count("Devices of the caller's teams."),
    not_seen_for_a_day: count('Devices last seen more than 24 hours ago (never seen ones are not counted here).'),
    never_seen: count('Devices that have never checked in (`last_seen` null).'),
    config_states: {
      type: 'array',
      description: 'Devices per configuration sync state (`config_state`, as the devices table filters it), every state listed; null: never configured.',
      items: {
        type: 'object',
        properties: { config_state: { enum: [...CONFIG_STATES, null] }, count: count('Devices in this state.') },
        required: ['config_state', 'count'],
      },
    },
    types: {
      type: 'array',
      description: 'Devices per type, most first, each with its devices per current and per target firmware (most first).',
      items: {
        type: 'object',
        properties: {
          type_id: { type: 'integer' },
          name: { type: 'string' },
          count: count('Devices of the type.'),
          current_firmware: FIRMWARE_COUNTS,
          target_firmware: FIRMWARE_COUNTS,
        },
        required: ['type_id', 'name', 'count', 'current_firmware', 'target_firmware'],
      },
    },
  },
  required: ['device_count', 'not_seen_for_a_day', 'never_seen', 'config_states', 'types'],
};

export const DASHBOARD_ROUTES: RouteDoc[] = [
  {
    method: 'GET',
    url: `/api${DASHBOARD_PATH}`,
    schema: {
      operationId: 'dashboard',
      summary: "Figures of the caller's devices for the home page",
      description:
        'Counts over the devices of the teams the caller is a member of, as the devices table lists them (a server administrator too sees those teams only), ' +
        'from one aggregate query: the total, the devices per type, per firmware in the field (current and target, per type), per configuration state ' +
        "(`config_state`, as the table's filter), and those not seen for a day or never seen. The console's own call, not one of the spec.",
      tags: ['device'],
      response: { '200': { description: 'The figures.', content: json(FIGURES) }, ...errors('401') },
    },
  },
];
