/**
 * Devices: a user's write of config_id or config_state follows the configuration sync rules
 * (server/deviceApi/configSync.ts, docs/DEVICE_API.md): the server computes the state, and a body that
 * asks for another one is a 400 that changes nothing. A device a rollout holds keeps the target and
 * group the rollout counts on (server/rollouts/holds.ts): a change of either is a 409.
 */
import type { CategoryHooks, CreateContext, Row, UpdateContext } from '../crud/hooks';
import type { RowOf } from '../../src/schemas/rowOf';
import type { device } from '../../src/schemas/device';
import { ownMessages } from '../../src/messages';
import { badRequest, conflict } from '../http/errors';
import { forgetDeviceKey } from '../certs/tables';
import { audit } from '../audit/record';
import { objectEntry } from '../audit/changes';
import { deviceHold, leaveRollouts } from '../rollouts/holds';
import { stateAfterUserWrite, type HistoryEntry, type StoredSync, type WriteBody } from '../deviceApi/configSync';

type DeviceRow = RowOf<typeof device>;

function storedSync(existing: DeviceRow): StoredSync {
  const history = Array.isArray(existing.config_history) ? (existing.config_history as HistoryEntry[]) : [];
  return { configId: existing.config_id, state: existing.config_state, lastHistoryId: history.at(-1)?.config_id ?? null };
}

function applyRules(input: Row, stored: StoredSync | undefined): void {
  const body: WriteBody = {};
  if ('config_id' in input) body.config_id = input.config_id as number | null;
  if ('config_state' in input) body.config_state = input.config_state as string | null;
  // Neither sent on an update: nothing to compute (the stored state stands).
  if (stored && body.config_id === undefined && body.config_state === undefined) return;
  const outcome = stateAfterUserWrite(stored, body);
  if ('refused' in outcome) throw badRequest(ownMessages.configStateNotAllowed(String(body.config_state), outcome.refused));
  input.config_state = outcome.state;
  // A user taking the configuration the device holds (a conflict resolved with the device's): they agree from now.
  if (outcome.state === 'synchronized' && stored !== undefined && stored.state !== 'synchronized') input.last_config_sync = new Date();
}

/** A device's update state names its old team's firmware: a device leaving its team forgets it (docs/DEVICE_API.md). */
export const FORGOTTEN_UPDATE = { update_state: null, update_firmware_id: null, update_message: null, update_changed: null } as const;

/**
 * A device moved to another team by an admin of both leaves its past behind, as a claimed one does
 * (server/claim/transfer.ts): its histories, current firmware and rollouts name the old team's objects. Its
 * configuration, unless the body names another, is copied into the new team, still to be sent
 * (the copy's audit entry in the new team, as a claim's copies have theirs).
 */
async function leaveTeam({ tx, user, registry, input, existing }: UpdateContext<DeviceRow>): Promise<void> {
  input.config_history = [];
  input.firmware_history = [];
  input.current_firmware_id = null;
  input.config_sent_id = null;
  Object.assign(input, FORGOTTEN_UPDATE);
  // Its old team's rollouts set its target no more, and its new team never reads of them.
  await leaveRollouts(tx, existing.id);
  if ('config_id' in input || existing.config_id === null) return;
  const { rows } = await tx.query<Row>(
    'INSERT INTO "config" ("team_id", "config", "author_id", "date") SELECT $2, "config", "author_id", "date" FROM "config" WHERE "id" = $1 RETURNING *',
    [existing.config_id, input.team_id],
  );
  if (rows[0]) await audit(tx, objectEntry(user, 'copy_for_move', registry.get('config'), undefined, rows[0]));
  input.config_id = rows[0]?.id ?? null;
}

const movesTeam = (input: Row, existing: DeviceRow) => 'team_id' in input && input.team_id !== existing.team_id;
const changesType = (input: Row, existing: DeviceRow) => 'type_id' in input && input.type_id !== existing.type_id;
const changesTarget = (input: Row, existing: DeviceRow) =>
  ('target_firmware_id' in input && input.target_firmware_id !== existing.target_firmware_id) || ('group_id' in input && input.group_id !== existing.group_id);

/** A rollout holding the device sets its target: the user's change of it, or of its group (whose target it would follow), is refused. */
async function refuseIfHeld(tx: UpdateContext['tx'], existing: DeviceRow): Promise<void> {
  const hold = await deviceHold(tx, existing.id);
  if (hold) throw conflict(ownMessages.deviceHeldByRollout(hold.device, hold.rollout));
}

export const deviceHooks: CategoryHooks<DeviceRow> = {
  async beforeCreate({ input }: CreateContext) {
    applyRules(input, undefined);
  },
  async prepareUpdate(ctx) {
    const { input, existing } = ctx;
    if (changesTarget(input, existing)) await refuseIfHeld(ctx.tx, existing);
    if (movesTeam(input, existing)) await leaveTeam(ctx);
    // The current firmware is one of the device's type (server/deviceApi/checkin.ts): the next check-in finds it in the new type.
    if (changesType(input, existing)) input.current_firmware_id = null;
  },
  async beforeUpdate({ tx, input, existing }) {
    applyRules(input, storedSync(input.config_history ? { ...existing, config_history: [] } : existing));
    if (movesTeam(input, existing)) await forgetDeviceKey(tx, existing.id);
  },
  // Spec section 4: a conflict is resolved once the user chooses the product's or the device's configuration.
  auditAction: (existing, updated) => (existing.config_state === 'conflict' && updated.config_state !== 'conflict' ? 'resolve_conflict' : undefined),
};
