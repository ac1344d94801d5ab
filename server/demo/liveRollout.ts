/**
 * The live demo's rollout (issue 30): the first demo type's pre-release brought to the live devices of
 * that type in no group not yet running it, so that a newcomer opening Rollouts sees a rollout advance and then
 * pause itself. It is made as a user makes one, through /api with the administrator's session (POST
 * /api/rollout, then PUT /api/rollout/{id}/state start): the engine (server/rollouts/) then does the
 * rest, driven by the live devices' reports. Which devices fail is decided here, before the devices
 * start: a share (DEMO_ROLLOUT.failPercent, by the simulator's own draw, failingDevices) of the devices
 * after the first phase, so the first phase succeeds and, the share being at least the threshold, a
 * later phase reaches it. A demo run again finds its rollout by name and leaves it as it is.
 */
import type { ConsoleSession } from '../simulator/consoleSession';
import { listAll, type DeviceRow } from '../simulator/fleet';
import { failingDevices } from '../simulator/simDevice';
import { phaseSizes, type Phase, type RolloutState } from '../../src/schemas/rolloutPlan';
import { ownMessages } from '../../src/messages';
import { refListIds } from '../../src/schemas/kinds';
import { DEMO_ROLLOUT, DEMO_TEAMS } from './fleet';

interface RolloutRow {
  id: number;
  name: string;
  state: RolloutState;
  /** As stored: [{id}] (src/schemas/kinds.ts refListIds). */
  device_ids: unknown;
  phases: Phase[];
  failure_threshold_percent: number;
}

export interface DemoRollout {
  /** The live devices whose updates fail, by id. */
  failing: Set<number>;
  /** Starts it if it is a draft; answers the line to log. */
  start(): Promise<string>;
}

/** A live device as live.ts lists it: what it runs, its type and its group. */
export type LiveDeviceRow = DeviceRow & { type_id: number; group_id: number | null };

/** The demo's rollout, found or made (a draft), and the devices to fail; null when no live device would be in it. */
export async function demoRollout(session: ConsoleSession, teamId: number, live: LiveDeviceRow[], random: () => number): Promise<DemoRollout | null> {
  const def = DEMO_TEAMS[0].types[0];
  const firmwares = await listAll<{ id: number; name: string; version: string; type_id: number }>(session, 'firmware', { team_id: teamId }, 'id,name,version,type_id');
  const firmware = firmwares.find((f) => f.name === def.firmwareName && f.version === def.versions.at(-1));
  if (!firmware) return null;
  const fields = 'id,name,state,device_ids,phases,failure_threshold_percent';
  let rollout = (await listAll<RolloutRow>(session, 'rollout', { team_id: teamId }, fields)).find((r) => r.name === DEMO_ROLLOUT.name);
  if (!rollout) {
    const ids = live
      // Of no group: a device of a group follows its group's target, and a rollout over chosen devices cannot take it (docs/ROLLOUTS.md, "The group rule").
      .filter((d) => d.type_id === firmware.type_id && d.group_id === null && !(d.current_firmware?.name === firmware.name && d.current_firmware.version === firmware.version))
      .map((d) => d.id);
    if (ids.length === 0) return null;
    const { id } = await session.json<{ id: number }>('POST', '/api/rollout', {
      name: DEMO_ROLLOUT.name,
      team_id: teamId,
      firmware_id: firmware.id,
      device_ids: ids,
      notes: 'Demo rollout (PUCS_DEMO=1): some of its live devices fail their update.',
    });
    rollout = await session.json<RolloutRow>('GET', `/api/rollout/${id}`);
  }
  const found = rollout;
  // The engine's order and phase sizes (docs/ROLLOUTS.md): by device id, phaseSizes.
  const ids = [...(refListIds(found.device_ids) ?? [])].sort((a, b) => a - b);
  const later = ids.slice(phaseSizes(ids.length, found.phases)[0]);
  const failing = new Set([...failingDevices(later.length, DEMO_ROLLOUT.failPercent, random)].map((i) => later[i]));
  return {
    failing,
    async start() {
      if (found.state !== 'draft') return ownMessages.demoRolloutPresent(found.name, ownMessages.rolloutStateLabels[found.state] ?? found.state);
      await session.json('PUT', `/api/rollout/${found.id}/state`, { action: 'start' });
      return ownMessages.demoRollout(found.name, ids.length, failing.size, found.failure_threshold_percent);
    },
  };
}
