/**
 * Enrolling a simulated fleet through the console's API, as a team admin would: the team, a type and
 * the devices 'sim-0001', ... are found by name or created, so a second run reuses them; each device's
 * private key is then downloaded (the server makes its certificate on the first download).
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { ConsoleSession } from './consoleSession';

export const SIM_TYPE = 'sim-type';
/** Whole pages of the list dialect (its largest range). */
const PAGE = 10_000;

export interface DeviceIdentity {
  id: number;
  name: string;
  key: KeyObject;
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

async function listAll(session: ConsoleSession, cat: string, filter: Record<string, unknown>, fields: string): Promise<Named[]> {
  const all: Named[] = [];
  for (let first = 0; ; first += PAGE) {
    const query = new URLSearchParams({
      fields,
      filter: JSON.stringify(filter),
      sort: JSON.stringify(['id', 'ASC']),
      range: JSON.stringify([first, first + PAGE - 1]),
    });
    const page = await session.json<Named[]>('GET', `/api/${cat}?${query}`);
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

async function findOrCreate(session: ConsoleSession, cat: string, filter: Record<string, unknown>, body: Record<string, unknown>): Promise<number> {
  const found = (await listAll(session, cat, filter, 'id,name')).find((o) => o.name === body.name);
  if (found) return found.id;
  return (await session.json<Named>('POST', `/api/${cat}`, body)).id;
}

export async function enrolFleet(session: ConsoleSession, options: EnrolOptions): Promise<DeviceIdentity[]> {
  const { team, devices: count, concurrency = 8, log = () => {} } = options;
  const teamId = await findOrCreate(session, 'team', {}, { name: team });
  const typeId = await findOrCreate(session, 'type', { team_id: teamId }, { name: SIM_TYPE, team_id: teamId });

  const names = Array.from({ length: count }, (_, i) => simDeviceName(i));
  const ids = new Map((await listAll(session, 'device', { team_id: teamId }, 'id,name')).map((d) => [d.name, d.id]));
  const missing = names.filter((n) => !ids.has(n));
  log(`team '${team}' (${teamId}): ${count - missing.length} devices reused, ${missing.length} to create`);
  await forEachLimit(missing, concurrency, async (name) => {
    const made = await session.json<Named>('POST', '/api/device', { name, team_id: teamId, type_id: typeId, uid_for_type: name });
    ids.set(name, made.id);
  });

  const fleet: DeviceIdentity[] = new Array(count);
  await forEachLimit([...names.keys()], concurrency, async (i) => {
    const id = ids.get(names[i])!;
    fleet[i] = { id, name: names[i], key: createPrivateKey(await session.text(`/api/download/private_key/${id}`)) };
  });
  log(`${fleet.length} private keys downloaded`);
  return fleet;
}
