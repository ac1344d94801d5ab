/**
 * The device API's wire contract (docs/DEVICE_API.md), declared once: the route checks a check-in
 * with this schema and the document describes it (server/deviceApi/routes.ts), the check-in reads
 * its type (checkin.ts), and the device client (server/simulator/deviceClient.ts) sends and reads the
 * same types. A firmware's fields are typed from the firmware category's declaration.
 */
import { z } from 'zod';
import { ownMessages } from '../../src/messages';
import { config as configCategory } from '../../src/schemas/config';
import { firmware as firmwareCategory } from '../../src/schemas/firmware';
import { fieldSchema } from '../../src/schemas/compile';
import { isStorableText, jsonProblemText } from '../../src/schemas/kinds';
import { UPDATE_MESSAGE_MAX, UPDATE_STATES } from '../../src/schemas/device';
import { objectId } from '../openapi/contract';

export const DEVICE_API_PREFIX = '/device-api/v1';

/** The longest life of a token (exp - iat, seconds). */
export const MAX_TOKEN_LIFETIME_S = 300;

export const firmwareUrl = (id: number) => `${DEVICE_API_PREFIX}/firmware/${id}`;

const FIRMWARE_WRONG = ownMessages.wrongFieldType('firmware', 'null or an object with the texts name and version');
const CONFIG_ID_WRONG = ownMessages.wrongFieldType('config_id', 'null or a positive integer');
const UPDATE_WRONG = ownMessages.wrongFieldType(
  'update',
  `null or an object with firmware_id (a positive integer), state (one of ${UPDATE_STATES.join(', ')}) and an optional text message`,
);
const MESSAGE_WRONG = ownMessages.wrongFieldType('update.message', `null or a text of at most ${UPDATE_MESSAGE_MAX} characters`);

/** What a device says it runs: a firmware's name and version, nothing else. */
const firmwareReport = z.strictObject({ name: z.string({ error: FIRMWARE_WRONG }), version: z.string({ error: FIRMWARE_WRONG }) }, { error: FIRMWARE_WRONG });

/**
 * How the device's update goes (docs/DEVICE_API.md 'Update states'). A firmware_id past PostgreSQL's
 * integer names no firmware: it is the 400 of an unknown one (checkin.ts), not of a wrong shape.
 */
const updateReport = z.strictObject(
  {
    firmware_id: z.number({ error: UPDATE_WRONG }).int({ error: UPDATE_WRONG }).min(1, { error: UPDATE_WRONG }),
    state: z.enum(UPDATE_STATES, { error: UPDATE_WRONG }),
    message: z
      .string({ error: MESSAGE_WRONG })
      .max(UPDATE_MESSAGE_MAX, { error: MESSAGE_WRONG })
      .refine(isStorableText, { error: MESSAGE_WRONG })
      .nullish()
      .transform((message) => message ?? null),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? ownMessages.unknownField(`update.${(issue as { keys: string[] }).keys[0]}`) : UPDATE_WRONG) },
);

/** A device's configuration is stored as a config text: it must be one that POST /api/config would take. */
function configProblem(config: unknown): string | undefined {
  const problem = jsonProblemText(config, 'config', true);
  if (problem) return problem;
  // Written out, numbers may grow (1e20 is 21 digits), so a body under the limit can make a longer text.
  const maxLength = configCategory.fields.config.maxLength;
  if (config != null && maxLength !== undefined && JSON.stringify(config).length > maxLength) return ownMessages.tooLong('config', maxLength);
  return undefined;
}

/** A check-in's body: any key may be left out (it means null); any other key is refused. */
export const CHECKIN_BODY = z.strictObject(
  {
    firmware: firmwareReport
      .nullish()
      .transform((firmware) => firmware ?? null)
      .describe("The firmware the device runs; null or absent: unchanged."),
    config_id: z
      .number({ error: CONFIG_ID_WRONG })
      .int({ error: CONFIG_ID_WRONG })
      .min(1, { error: CONFIG_ID_WRONG })
      .nullish()
      .transform((id) => id ?? null)
      .describe('The id of the configuration the device applied last.'),
    config: z
      .unknown()
      .superRefine((config, ctx) => {
        const problem = configProblem(config);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .transform((config) => config ?? null)
      .describe(
        'The configuration the device holds (any JSON value, at most 100 levels deep, finite numbers, at most 1,000,000 characters once written out); null or absent: not reported.',
      ),
    update: updateReport
      .nullish()
      .transform((update) => update ?? null)
      .describe(
        "How an update goes: the firmware it installs (the device's target, or another firmware of its type in its team; any other: 400), " +
          'its state, and for a failure a message; null or absent: not reported (a reported firmware that is the target then means succeeded).',
      ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? ownMessages.unknownField((issue as { keys: string[] }).keys[0]) : ownMessages.bodyNotObject) },
);

export type FirmwareReport = z.output<typeof firmwareReport>;
/** An update as a device sends it (`message` may be left out). */
export type UpdateReport = z.input<typeof updateReport>;
/** A check-in's body, every key given (absent keys read as null). */
export type CheckinBody = z.output<typeof CHECKIN_BODY>;

/** A required text field of the firmware category (its declaration says so; zod's type cannot). */
const firmwareField = (name: 'name' | 'version') => fieldSchema(firmwareCategory.fields[name]) as z.ZodType<string>;

export const TARGET_FIRMWARE = z.object({
  id: objectId,
  name: firmwareField('name'),
  version: firmwareField('version'),
  size: z.number().describe('Bytes.'),
  // Answered only once the file is uploaded: never null here, though the firmware's field may be.
  sha3_256: z.string().describe('Hex SHA3-256 of the file.'),
  url: z.string().describe(`\`${DEVICE_API_PREFIX}/firmware/{id}\``),
});

export const CHECKIN_ANSWER = z.object({
  target_firmware: TARGET_FIRMWARE.nullable().describe("The device's target firmware when set, enabled and uploaded."),
  config: z
    .object({ id: objectId, config: z.unknown().describe('The configuration, a JSON value.') })
    .nullable()
    .describe("The product's configuration to apply, while its state is waiting_to_be_send."),
  poll_interval_s: z.number().describe('Seconds until the next check-in (`PUCS_DEVICE_POLL_SECONDS`).'),
});

export type TargetFirmware = z.output<typeof TARGET_FIRMWARE>;
export type CheckinAnswer = z.output<typeof CHECKIN_ANSWER>;
