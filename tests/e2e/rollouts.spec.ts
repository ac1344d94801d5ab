/**
 * A rollout in the console (issue 30 item 4) over devices that report through the real device API
 * (signed with their own keys): made in the create page's steps over a group (its live count, each
 * phase's size), started, its first phase's bar, advancing when that phase's device succeeds,
 * pausing itself when the next phase's device fails (its message and link on the page), then
 * aborted after the confirmation, which gives the devices back the target they had.
 */
import { createHash, createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { signDeviceJwt } from '../../server/simulator/deviceClient';
import { messages, ownMessages } from '../../src/messages';
import { DEFAULT_PHASES, phaseSizes } from '../../src/schemas/rolloutPlan';
import { expect, test } from './fixtures';
import { adminTeam, createObject, HEADERS, readObject, uniqueName, type Obj } from './objectApi';
import { signedInApi } from './listsApi';
import { signInByApi } from './signIn';

const DEVICES = 10;
const FAILURE = 'checksum mismatch after download';
let api: APIRequestContext;
let typeName: string;
let teamName: string;
let firmware: Obj;
let group: Obj;
/** The group's devices in id order: the order the rollout takes them in. */
const devices: { id: number; name: string; key: KeyObject }[] = [];

test.beforeAll(async () => {
  api = await signedInApi();
  const team = await adminTeam(api);
  teamName = team.name;
  typeName = uniqueName('rollout type');
  const type = await createObject(api, 'type', { name: typeName, team_id: team.id });
  const bytes = randomBytes(1024);
  firmware = await createObject(api, 'firmware', {
    name: uniqueName('rollout fw'),
    version: '2.0.0',
    team_id: team.id,
    type_id: type.id,
    firmware_hash: createHash('sha3-256').update(bytes).digest('hex'),
  });
  const upload = await api.post(`/api/upload/firmware/${firmware.id}`, {
    headers: HEADERS,
    multipart: { firmware: { name: 'fw.bin', mimeType: 'application/octet-stream', buffer: bytes } },
  });
  expect(upload.status()).toBe(200);
  group = await createObject(api, 'devices_group', { name: uniqueName('rollout group'), team_id: team.id, type_id: type.id });
  for (let i = 0; i < DEVICES; i++) {
    const name = uniqueName(`rolling ${i}`);
    const device = await createObject(api, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: name, group_id: group.id });
    const key = createPrivateKey(await (await api.get(`/api/download/private_key/${device.id}`, { headers: HEADERS })).text());
    devices.push({ id: device.id, name, key });
  }
});

test.afterAll(async () => {
  await api.dispose();
});

/** The device checks in and says how its update to the rollout's firmware went. */
async function report(device: (typeof devices)[number], state: 'succeeded' | 'failed', message?: string) {
  const response = await api.post('/device-api/v1/checkin', {
    headers: { authorization: `Bearer ${signDeviceJwt(device.id, device.key)}` },
    data: { update: { firmware_id: firmware.id, state, ...(message ? { message } : {}) } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const stateLine = (page: Page, state: string, phase: number) =>
  page.getByRole('status').filter({ hasText: ownMessages.rolloutStateLine(ownMessages.rolloutStateLabels[state], phase, DEFAULT_PHASES.length) });
const phaseBar = (page: Page, n: number) => page.getByRole('group', { name: ownMessages.rolloutPhaseHeading(n), exact: true });
const count = (state: string, n: number) => `${ownMessages.rolloutDeviceStateLabels[state]}: ${n}`;

test('a rollout made in steps advances on success, pauses itself on failure, and its abort gives the targets back', async ({ page }) => {
  const sizes = phaseSizes(DEVICES, DEFAULT_PHASES);
  expect(sizes.slice(0, 2)).toEqual([1, 1]);
  await signInByApi(page);
  await page.goto('/rollouts');
  await page.getByText(messages.addHeading('rollout')).first().click();

  const name = uniqueName('Rollout');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Team' }).click();
  // The e2e admin is in many teams by now (other specs make theirs): the one holding this spec's firmware.
  await page.getByRole('option', { name: teamName, exact: true }).click();
  await page.getByRole('combobox', { name: 'Firmware' }).click();
  await page.getByRole('option', { name: messages.firmwareOption(firmware.name, '2.0.0') }).click();
  await page.getByRole('button', { name: ownMessages.rolloutNext }).click();
  await page.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: group.name }).click();
  await expect(page.getByText(ownMessages.rolloutDeviceCount(DEVICES, typeName))).toBeVisible();
  await page.getByRole('button', { name: ownMessages.rolloutNext }).click();
  for (const [i, size] of sizes.entries()) await expect(phaseBar(page, i + 1)).toContainText(ownMessages.rolloutPhaseTakes(size));
  await page.getByRole('button', { name: ownMessages.rolloutNext }).click();
  // Over a group an abort gives every device back: the switch says so, on and disabled.
  const rollback = page.getByRole('switch', { name: 'Roll back on abort' });
  await expect(rollback).toBeChecked();
  await expect(rollback).toBeDisabled();
  await expect(page.getByText(ownMessages.rolloutGroupAlwaysRollsBack)).toBeVisible();
  await page.getByRole('button', { name: ownMessages.rolloutSave }).click();

  await expect(page).toHaveURL(/\/rollout_view\?id=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: ownMessages.rolloutStateLabels.draft })).toBeVisible();
  // A draft is edited and deleted; a running or paused rollout neither (the server would refuse).
  const edit = page.getByRole('button', { name: messages.edit, exact: true });
  const remove = page.getByRole('button', { name: messages.delete, exact: true });
  await expect(edit).toBeVisible();
  await expect(remove).toBeVisible();
  await page.getByRole('button', { name: ownMessages.rolloutActionLabels.start }).click();
  await expect(stateLine(page, 'running', 1)).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(remove).toHaveCount(0);
  // Phase 1's device was told and has not reported; phase 2's waits for its phase.
  await expect(phaseBar(page, 1)).toContainText(`${ownMessages.rolloutPendingTold}: 1`);
  await expect(phaseBar(page, 1)).not.toContainText(count('pending', 1));
  await expect(phaseBar(page, 2)).toContainText(count('pending', 1));
  expect((await readObject(api, 'device', devices[0].id)).target_firmware_id).toBe(firmware.id);
  expect((await readObject(api, 'device', devices[1].id)).target_firmware_id).toBeNull();

  // Phase 1's device succeeds: the next phase starts by itself (advance 'auto'), the page follows.
  await report(devices[0], 'succeeded');
  await expect(phaseBar(page, 1)).toContainText(count('succeeded', 1));
  await expect(stateLine(page, 'running', 2)).toBeVisible();

  // Phase 2's only device fails: 100% reaches the 20% threshold, the rollout pauses itself.
  await report(devices[1], 'failed', FAILURE);
  await expect(stateLine(page, 'paused', 2)).toBeVisible();
  await expect(phaseBar(page, 2)).toContainText(count('failed', 1));
  await expect(remove).toHaveCount(0);
  const failed = page.getByRole('table', { name: ownMessages.rolloutFailedHeading });
  await expect(failed).toContainText(FAILURE);
  await expect(failed.getByRole('link', { name: devices[1].name })).toHaveAttribute('href', `/device_view?id=${devices[1].id}`);
  await expect(page.getByRole('list', { name: ownMessages.rolloutHistoryHeading })).toContainText(ownMessages.rolloutEventLabels.threshold_reached);

  // Abort, confirmed: a rollout over a group gives every device it told the group's target (none), the
  // succeeded one too (a device of a group has no firmware of its own: docs/ROLLOUTS.md, "The group rule").
  await page.getByRole('button', { name: ownMessages.rolloutActionLabels.abort }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(ownMessages.rolloutAbortConfirm(name, true));
  await dialog.getByRole('button', { name: ownMessages.rolloutActionLabels.abort }).click();
  await expect(stateLine(page, 'aborted', 2)).toBeVisible();
  await expect(page.getByRole('button', { name: ownMessages.rolloutActionLabels.resume })).toHaveCount(0);
  await expect(remove).toBeVisible();
  await expect(edit).toHaveCount(0);
  expect((await readObject(api, 'device', devices[1].id)).target_firmware_id).toBeNull();
  expect((await readObject(api, 'device', devices[0].id)).target_firmware_id).toBeNull();
});
