/**
 * Enrolling a simulated fleet through the console's API, as a team admin would: the team, a type and
 * the devices 'sim-0001', ... are found by name or created, so a second run reuses them; each device's
 * private key is then downloaded (the server makes its certificate on the first download). A device
 * enrolled again resumes what the server last heard from it (its current firmware, the configuration
 * of its last history entry), as a real device remembers them across a restart: no download storm, no
 * configuration lost.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { ConsoleSession } from './consoleSession';
import type { FirmwareReport } from './deviceClient';

export const SIM_TYPE = 'sim-type';
/** The fields of a device that its identity needs (listAll). */
export const DEVICE_FIELDS = 'id,name,config_history,firmware(name,version)';
/** Whole pages of the list dialect (its largest range). */
const PAGE = 10_000;
/** Configurations read by id in one call (the ids go in the URL). */
const CONFIGS_PER_CALL = 200;

export interface DeviceIdentity {
  id: number;
  name: string;
  key: KeyObject;
  /** What the device ran and held when the server last heard from it; none for a new one. */
  firmware?: FirmwareReport | null;
  config?: { id: number; value: unknown } | null;
}

export interface EnrolOptions {
  team: string;
  devices: number;
  /** Calls in flight while creating devices and downloading keys. */
  concurrency?: number;
  log?: (line: string) => void;
}

interface Named {
  id: number;
  name: string;
}

export interface DeviceRow extends Named {
  config_history: { config_id: number }[] | null;
  current_firmware: FirmwareReport | null;
}

/** The same name for a device whatever the fleet's size, so that a larger run reuses the smaller one's devices. */
export const simDeviceName = (index: number) => `sim-${String(index + 1).padStart(4, '0')}`;

/** Runs `work` on every item with at most `limit` running at once; the first failure stops the rest. */
export async function forEachLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The objects of `cat` matching `filter`, by id, or only the first `max`: a few out of a big fleet are
 * one small page, not every page of the team read and thrown away.
 */
export async function listAll<T = Named>(session: ConsoleSession, cat: string, filter: Record<string, unknown>, fields: string, max = Infinity): Promise<T[]> {
  const all: T[] = [];
  for (let first = 0; first < max; first += PAGE) {
    const size = Math.min(PAGE, max - first);
    const query = new URLSearchParams({
      fields,
      filter: JSON.stringify(filter),
      sort: JSON.stringify(['id', 'ASC']),
      range: JSON.stringify([first, first + size - 1]),
    });
    const page = await session.json<T[]>('GET', `/api/${cat}?${query}`);
    all.push(...page);
    if (page.length < size) return all;
  }
  return all;
}

async function findOrCreate(session: ConsoleSession, cat: string, filter: Record<string, unknown>, body: Record<string, unknown>): Promise<number> {
  const found = (await listAll(session, cat, filter, 'id,name')).find((o) => o.name === body.name);
  if (found) return found.id;
  return (await session.json<Named>('POST', `/api/${cat}`, body)).id;
}

/** The configurations `ids` as JSON values, by id. */
async function configsById(session: ConsoleSession, ids: number[], concurrency: number): Promise<Map<number, unknown>> {
  const chunks = Array.from({ length: Math.ceil(ids.length / CONFIGS_PER_CALL) }, (_, i) => ids.slice(i * CONFIGS_PER_CALL, (i + 1) * CONFIGS_PER_CALL));
  const byId = new Map<number, unknown>();
  await forEachLimit(chunks, concurrency, async (chunk) => {
    for (const c of await listAll<{ id: number; config: string }>(session, 'config', { id: chunk }, 'id,config')) byId.set(c.id, JSON.parse(c.config));
  });
  return byId;
}

export async function enrolFleet(session: ConsoleSession, options: EnrolOptions): Promise<DeviceIdentity[]> {
  const { team, devices: count, concurrency = 8, log = () => {} } = options;
  const teamId = await findOrCreate(session, 'team', {}, { name: team });
  const typeId = await findOrCreate(session, 'type', { team_id: teamId }, { name: SIM_TYPE, team_id: teamId });

  const names = Array.from({ length: count }, (_, i) => simDeviceName(i));
  const rows = await listAll<DeviceRow>(session, 'device', { team_id: teamId }, DEVICE_FIELDS);
  const known = new Map(rows.map((d) => [d.name, d]));
  const missing = names.filter((n) => !known.has(n));
  log(`team '${team}' (${teamId}): ${count - missing.length} devices reused, ${missing.length} to create`);
  const made: DeviceRow[] = [];
  await forEachLimit(missing, concurrency, async (name) => {
    const device = await session.json<Named>('POST', '/api/device', { name, team_id: teamId, type_id: typeId, uid_for_type: name });
    made.push({ ...device, config_history: null, current_firmware: null });
  });
  const byName = new Map([...rows, ...made].map((d) => [d.name, d]));
  const fleet = await deviceIdentities(session, names.map((n) => byName.get(n)!), concurrency);
  log(`${fleet.length} private keys downloaded`);
  return fleet;
}

/** Existing devices (listed with DEVICE_FIELDS) as identities: their keys downloaded, what they last held resumed. */
export async function deviceIdentities(session: ConsoleSession, rows: DeviceRow[], concurrency = 8): Promise<DeviceIdentity[]> {
  const lastConfig = (row: DeviceRow) => row.config_history?.at(-1)?.config_id;
  const held = await configsById(session, [...new Set(rows.map(lastConfig).filter((id) => id !== undefined))], concurrency);
  const fleet: DeviceIdentity[] = new Array(rows.length);
  await forEachLimit([...rows.keys()], concurrency, async (i) => {
    const row = rows[i];
    const configId = lastConfig(row);
    fleet[i] = {
      id: row.id,
      name: row.name,
      key: createPrivateKey(await session.text(`/api/download/private_key/${row.id}`)),
      firmware: row.current_firmware ?? null,
      config: configId !== undefined && held.has(configId) ? { id: configId, value: held.get(configId) } : null,
    };
  });
  return fleet;
}
