/**
 * PUT /api/rollout/{id}/state's actions (docs/ROLLOUTS.md, decision 5), each in the caller's
 * transaction on the rollout's locked row, with its audit entry (the action's name, category rollout):
 *
 *   start     draft -> running: takes the devices, phase 1 starts
 *   pause     running -> paused: no new phase starts (devices already told keep their target)
 *   resume    paused -> running (after a pause by the threshold, that phase's threshold is not checked again)
 *   continue  running, its phase ended -> the next phase now (advance manual, or during a wait)
 *   abort     running | paused -> aborted: targets given back after it (rollback_on_abort or a group's rollout: the succeeded ones' too)
 *
 * Any other pair answers 409 naming the state.
 */
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import type { ServerRegistry } from '../crud/registry';
import { conflict } from '../http/errors';
import { audit } from '../audit/record';
import { ownMessages } from '../../src/messages';
import type { RolloutAction, RolloutState } from '../../src/schemas/rolloutPlan';
import { disabledChoiceProblem } from '../../src/schemas/disabled';
import { takeDevices } from './takeDevices';
import { advance, nextPhase, startPhase } from './phases';
import { eventOf, patchRollout, type RolloutRow } from './row';

/** The states each action starts from. */
const FROM: Record<RolloutAction, readonly RolloutState[]> = {
  start: ['draft'],
  pause: ['running'],
  resume: ['paused'],
  continue: ['running'],
  abort: ['running', 'paused'],
};

/** The rollout's firmware may become its devices' target: enabled, its file uploaded (the rules of a target set by hand). */
async function firmwareTypeForStart(tx: Queryable, registry: ServerRegistry, rollout: RolloutRow): Promise<number> {
  const firmware = registry.get('firmware');
  const target = registry.get('device').fields.target_firmware_id;
  const { rows } = await tx.query<Record<string, unknown>>('SELECT * FROM "firmware" WHERE "id" = $1 FOR SHARE', [rollout.firmware_id]);
  const fw = rows[0];
  if (!fw || fw.team_id !== rollout.team_id) throw conflict(ownMessages.referenceOtherTeam(registry.get('rollout').fields.firmware_id.label));
  const disabled = disabledChoiceProblem(target, firmware, fw);
  if (disabled !== undefined) throw conflict(disabled);
  if (fw.filename === null || fw.firmware_hash === null) throw conflict(ownMessages.rolloutFirmwareNoFile(String(fw.name), String(fw.version)));
  return fw.type_id as number;
}

async function start(tx: Queryable, registry: ServerRegistry, user: SessionUser, rollout: RolloutRow): Promise<void> {
  const typeId = await firmwareTypeForStart(tx, registry, rollout);
  await takeDevices(tx, registry, user, rollout, typeId);
  const running = await patchRollout(tx, rollout.id, { state: 'running', type_id: typeId });
  await startPhase(tx, running, 1, user, [eventOf('start', 0, user)]);
}

async function continueNow(tx: Queryable, registry: ServerRegistry, user: SessionUser, rollout: RolloutRow): Promise<void> {
  if (rollout.phase_ended === null) throw conflict(ownMessages.rolloutPhaseUnderWay);
  if ((await nextPhase(tx, rollout)) === undefined) throw conflict(ownMessages.rolloutLastPhase);
  await advance(tx, registry, user, rollout, [eventOf('continue', rollout.phase, user)]);
}

/** Does `action` on the rollout, locked by the caller; 409 when its state does not allow it. */
export async function applyAction(tx: Queryable, registry: ServerRegistry, user: SessionUser, rollout: RolloutRow, action: RolloutAction): Promise<void> {
  if (!FROM[action].includes(rollout.state)) throw conflict(ownMessages.rolloutActionRefused(rollout.state, action));
  const event = eventOf(action, rollout.phase, user);
  switch (action) {
    case 'start':
      await start(tx, registry, user, rollout);
      break;
    case 'pause':
      await patchRollout(tx, rollout.id, { state: 'paused' }, [event]);
      break;
    case 'resume':
      await patchRollout(tx, rollout.id, { state: 'running' }, [event]);
      break;
    case 'continue':
      await continueNow(tx, registry, user, rollout);
      break;
    case 'abort':
      // Aborted at once (no phase starts after this commits); its devices' targets are given back right
      // after, a chunk per transaction (step.ts updateTargets), as long as it holds any.
      await patchRollout(tx, rollout.id, { state: 'aborted', next_phase_at: null }, [event]);
      break;
  }
  await audit(tx, { by: user, action, category: 'rollout', id: rollout.id, name: rollout.name, team: rollout.team_id });
}
