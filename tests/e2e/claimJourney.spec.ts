/**
 * The claim journey in Chromium against the real server (issues 8 and 27, spec sections 2, 4 and
 * 8): an admin sets a device to be claimed on its form and reads the claim code; another user, on a
 * phone, opens its /qr link signed out, signs in through the page's link, tries a wrong code then
 * the right one and claims the device into their own team, its type copied there; after the reload
 * the page says so, with the link to the device's page. A claimant may choose the team's type,
 * firmware and a group created in place; a user who administers no team is told so before any code.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { button, chosenOption, input } from './objectScreen';
import { adminTeam as readAdminTeam, createObject, HEADERS, readObject, signInAs, uniqueName, type Obj } from './objectApi';
import { createDevice, createType } from './typeGroupApi';

/** A device of the e2e admin's team with a QR id, waiting to be claimed: it, its QR id and claim code. */
async function claimableDevice(request: APIRequestContext) {
  const type = await createType(request, (await readAdminTeam(request)).id);
  const device = await createDevice(request, type);
  const qr = await request.post(`/api/device_qr_code/${device.id}`, { headers: HEADERS });
  expect(qr.status(), await qr.text()).toBe(200);
  const set = await request.put(`/api/set_device_claimed_status/${device.id}`, { headers: HEADERS, data: { to_be_claimed: true } });
  expect(set.status(), await set.text()).toBe(200);
  return { device, qrId: ((await qr.json()) as { id: string }).id, code: ((await set.json()) as { claim_code: string }).claim_code };
}

/** A new user, admin of a new team of their own when `team` says so (created by the e2e admin). */
async function newUser(request: APIRequestContext, team: boolean) {
  const credentials = { username: uniqueName('claimant').replace(/ /g, '-'), password: 'claimant-password-1' };
  const user = await createObject(request, 'user', credentials);
  if (!team) return { credentials };
  const own = await createObject(request, 'team', { name: uniqueName('claimant team') });
  const role = await request.post('/api/role', { headers: HEADERS, data: { team_id: own.id, user_id: user.id, role_id: 3 } });
  expect(role.status(), await role.text()).toBe(201);
  return { credentials, team: own };
}

/** After the claim the page reloads and says where the device is; its link opens the device's page. */
async function expectClaimedNotice(page: Page, device: Obj, teamName: string) {
  const notice = page.getByTestId('claimed-notice');
  await expect(notice).toContainText(ownMessages.claimedInto(device.name, teamName));
  await notice.getByRole('link', { name: ownMessages.openClaimedDevice }).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
  await expect(input(page, 'Name')).toHaveValue(device.name);
}

test('a device with a QR code, set to be claimed, is claimed on a phone by another user into their team', async ({ page, browser }) => {
  await signInByApi(page);
  const adminTeam = await readAdminTeam(page.request);
  const type = await createType(page.request, adminTeam.id);
  const device = await createDevice(page.request, type);
  await page.goto(`/device_view?id=${device.id}`);
  await button(page, ownMessages.generateQr).click();
  const link = page.getByTestId('qr-code-panel').getByText('/qr?id=');
  await expect(link).toBeVisible();
  const qrId = new URL((await link.textContent()) ?? '').searchParams.get('id') ?? '';
  const panel = page.getByTestId('claim-status-panel');
  await expect(panel.getByText(ownMessages.notWaitingToBeClaimed)).toBeVisible();
  await button(panel, ownMessages.setToBeClaimed).click();
  const code = ((await panel.getByTestId('claim-code').textContent()) ?? '').trim();
  expect(code).not.toBe('');
  await expect(panel.getByText(ownMessages.qrWaitingToBeClaimed)).toBeVisible();
  await expect(panel.getByText(ownMessages.claimCodeShownOnce)).toBeVisible();

  // The claimant: a user of their own, admin of their own team only.
  const claimant = { username: uniqueName('claimant').replace(/ /g, '-'), password: 'claimant-password-1' };
  const user = await createObject(page.request, 'user', claimant);
  const team = await createObject(page.request, 'team', { name: uniqueName('claimant team') });
  const role = await page.request.post('/api/role', { headers: HEADERS, data: { team_id: team.id, user_id: user.id, role_id: 3 } });
  expect(role.status(), await role.text()).toBe(201);

  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await visitor.newPage();
  await phone.goto(`/qr?id=${qrId}`);
  await expect(phone.getByText(messages.loginToClaim)).toBeVisible();
  await phone.getByRole('link', { name: ownMessages.signIn }).click();
  await phone.getByLabel(ownMessages.username).fill(claimant.username);
  await phone.getByLabel(ownMessages.password).fill(claimant.password);
  await button(phone, ownMessages.signIn).click();
  await expect(phone).toHaveURL(`/qr?id=${qrId}`);

  const codeField = phone.getByLabel(ownMessages.claimCode);
  await codeField.fill('WRONG-CODE-0000-0000');
  await button(phone, ownMessages.checkClaimCode).click();
  await expect(phone.getByText(messages.wrongClaimCode)).toBeVisible();
  await codeField.fill(code);
  await button(phone, ownMessages.checkClaimCode).click();
  const details = phone.getByTestId('claimed-device');
  // What is claimed: name, type, uid and current team (the device has no target firmware).
  await expect(details.locator('dd')).toHaveText([device.name, type.name, String(device.uid_for_type), adminTeam.name]);
  // Their only team is chosen for them (spec 'Dropdown').
  await expect(phone.getByLabel(ownMessages.claimIntoTeam).locator('option:checked')).toHaveText(team.name);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect((await button(phone, ownMessages.claimSubmit).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await button(phone, ownMessages.claimSubmit).click();

  // The page reloads: the claimant is now a member of the device's team.
  await expect(phone.getByRole('link', { name: ownMessages.qrFullInformation })).toHaveAttribute('href', `/device_view?id=${device.id}`);
  await expect(phone.getByText(ownMessages.qrWaitingToBeClaimed)).toHaveCount(0);
  await expect(phone.getByTestId('claimed-notice')).toContainText(ownMessages.claimedInto(device.name, team.name));
  const open = phone.getByTestId('claimed-notice').getByRole('link', { name: ownMessages.openClaimedDevice });
  expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const claimed = (await (await phone.request.get(`/api/device/${device.id}`, { headers: HEADERS })).json()) as Record<string, unknown>;
  expect(claimed.team_id).toBe(team.id);
  expect(claimed.to_be_claimed).toBe(false);
  expect(claimed.type_id).not.toBe(type.id);
  const copiedType = (await (await phone.request.get(`/api/type/${String(claimed.type_id)}`, { headers: HEADERS })).json()) as Record<string, unknown>;
  expect(copiedType).toMatchObject({ name: type.name, team_id: team.id });
  await expectClaimedNotice(phone, device, team.name);
  // Said once: the next visit of the QR page shows the device's link only.
  await phone.goto(`/qr?id=${qrId}`);
  await expect(phone.getByRole('link', { name: ownMessages.qrFullInformation })).toBeVisible();
  await expect(phone.getByTestId('claimed-notice')).toHaveCount(0);
  await visitor.close();
});

test("a claim into the team's type and firmware, in a group created in place, then the device's page", async ({ page }) => {
  await signInByApi(page);
  const { device, qrId, code } = await claimableDevice(page.request);
  const { credentials, team } = await newUser(page.request, true);
  const theirType = await createType(page.request, team!.id);
  const firmware = await createObject(page.request, 'firmware', { name: uniqueName('fw').replace(/ /g, '-'), version: '2.1.0', team_id: team!.id, type_id: theirType.id });
  await signInAs(page, credentials);

  await page.goto(`/qr?id=${qrId}`);
  await input(page, ownMessages.claimCode).fill(code);
  await button(page, ownMessages.checkClaimCode).click();
  await expect(chosenOption(input(page, ownMessages.claimIntoTeam))).toHaveText(team!.name);
  await expect(page.getByText(ownMessages.addSupportUserHelp)).toBeVisible();
  // The type, group and firmware are offered at once; the further advanced flag is off.
  await expect(page.getByLabel(ownMessages.claimAdvanced)).not.toBeChecked();
  await expect(page.getByText(ownMessages.claimAdvancedOff)).toHaveCount(0);
  await page.getByLabel(ownMessages.claimAdvanced).check();
  await expect(page.getByText(ownMessages.claimAdvancedOff)).toBeVisible();
  await input(page, ownMessages.claimedType).selectOption({ label: theirType.name });
  const firmwarePicker = input(page, ownMessages.claimedTargetFirmware);
  await firmwarePicker.selectOption({ label: messages.firmwareOption(firmware.name, '2.1.0') });

  // A group created in place: the claim's team and type are its own, and it is chosen.
  await button(page, messages.addHeading('group')).click();
  const dialog = page.getByRole('dialog');
  await expect(chosenOption(input(dialog, 'Team'))).toHaveText(team!.name);
  await expect(chosenOption(input(dialog, 'Type'))).toHaveText(theirType.name);
  const groupName = uniqueName('Claimed group');
  await input(dialog, 'Name').fill(groupName);
  const groupFirmware = input(dialog, 'Target firmware');
  if ((await groupFirmware.count()) === 0) await button(dialog, messages.showHiddenFields).click();
  await groupFirmware.selectOption({ label: messages.firmwareOption(firmware.name, '2.1.0') });
  await button(dialog, messages.submit).click();
  await expect(dialog).toHaveCount(0);
  await expect(chosenOption(input(page, ownMessages.claimedGroup))).toHaveText(groupName);
  // In a group, the group's firmware is the target.
  await expect(firmwarePicker).toBeDisabled();
  await expect(page.getByText(ownMessages.claimFirmwareOfGroup)).toBeVisible();
  await button(page, ownMessages.claimSubmit).click();

  await expectClaimedNotice(page, device, team!.name);
  const claimed = await readObject(page.request, 'device', device.id);
  expect(claimed).toMatchObject({ team_id: team!.id, type_id: theirType.id, target_firmware_id: firmware.id, to_be_claimed: false });
  const group = await readObject(page.request, 'devices_group', claimed.group_id as number);
  expect(group).toMatchObject({ name: groupName, team_id: team!.id, type_id: theirType.id, target_firmware_id: firmware.id });
});

test('a user who administers no team learns it, and what to do, before any claim code', async ({ page }) => {
  await signInByApi(page);
  const { qrId } = await claimableDevice(page.request);
  const { credentials } = await newUser(page.request, false);
  await signInAs(page, credentials);

  await page.goto(`/qr?id=${qrId}`);
  const notice = page.getByTestId('no-admin-teams');
  await expect(notice).toContainText(ownMessages.noAdminTeams);
  await expect(notice).toContainText(ownMessages.noAdminTeamsHelp('Teams'));
  await expect(input(page, ownMessages.claimCode)).toHaveCount(0);
  await notice.getByRole('link', { name: ownMessages.openTeams('Teams') }).click();
  await expect(page).toHaveURL(/\/teams$/);
});
