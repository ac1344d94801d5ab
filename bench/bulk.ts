/**
 * Time of the console's bulk actions on DEVICES devices (default 2,000; issue 27 item 7: under 5 s
 * on the embedded database): set the target firmware, move into a group and delete, each sent as
 * the console sends it, BATCH_MAX ids per PUT or DELETE /api/batch/device (server/batch/), on an
 * in-memory PGlite (or DATABASE_URL). Prints the figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { inProcessApp } from './inProcessApp';
import { BATCH_MAX, batchPath } from '../src/batch';

const DEVICES = Number(process.env.DEVICES || 2000);

async function main() {
  const { call, close } = await inProcessApp();
  const team = (await call('POST', '/api/team', { name: `bulk bench ${Date.now()}` })).id;
  const type = (await call('POST', '/api/type', { name: 'bulk bench', team_id: team })).id;
  const firmware = (name: string) => call('POST', '/api/firmware', { name, version: '1.0.0', team_id: team, type_id: type });
  const own = (await firmware('own fw')).id;
  const group = (await call('POST', '/api/devices_group', { name: 'bench group', team_id: team, type_id: type, target_firmware_id: (await firmware('group fw')).id })).id;
  const ids: number[] = [];
  for (let i = 0; i < DEVICES; i++) ids.push((await call('POST', '/api/device', { name: `bench ${i}`, team_id: team, type_id: type, uid_for_type: `B-${i}` })).id);

  /** The console's way: one call per BATCH_MAX ids, in turn. */
  const timed = async (label: string, method: 'PUT' | 'DELETE', body: object) => {
    const t0 = performance.now();
    for (let start = 0; start < ids.length; start += BATCH_MAX) await call(method, batchPath('device'), { ids: ids.slice(start, start + BATCH_MAX), ...body });
    console.log(`${`${label}, ${DEVICES} devices`.padEnd(48)} ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  };
  await timed('batch set target firmware', 'PUT', { data: { target_firmware_id: own } });
  await timed('batch move into a group', 'PUT', { data: { group_id: group } });
  await timed('batch delete', 'DELETE', {});
  await close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
