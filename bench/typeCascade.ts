/**
 * Time of DELETE /api/type/{id}?cascade=true (issue 13 item 6) for a type with DEVICES devices
 * (default 2,000), a group and a firmware, on an in-memory PGlite (or DATABASE_URL): the one call
 * the console's type Delete sends. Prints the figure; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { inProcessApp } from './inProcessApp';

const DEVICES = Number(process.env.DEVICES || 2000);

async function main() {
  const { call, close } = await inProcessApp();
  const team = (await call('POST', '/api/team', { name: `cascade bench ${Date.now()}` })).id;
  const type = (await call('POST', '/api/type', { name: 'cascade bench', team_id: team })).id;
  const firmware = (await call('POST', '/api/firmware', { name: 'bench fw', version: '1.0.0', team_id: team, type_id: type })).id;
  const group = (await call('POST', '/api/devices_group', { name: 'bench group', team_id: team, type_id: type, target_firmware_id: firmware })).id;
  for (let i = 0; i < DEVICES; i++) {
    await call('POST', '/api/device', { name: `bench ${i}`, team_id: team, type_id: type, uid_for_type: `B-${i}`, ...(i % 2 ? { group_id: group } : {}) });
  }
  const t0 = performance.now();
  await call('DELETE', `/api/type/${type}?cascade=true`);
  const ms = performance.now() - t0;
  console.log(`${`type cascade delete, ${DEVICES} devices + 1 group + 1 firmware`.padEnd(56)} ${(ms / 1000).toFixed(2)} s`);
  await close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
