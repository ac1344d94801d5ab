/**
 * The claim journey in Chromium against the real server (issue 8, spec sections 2, 4 and 8): an
 * admin sets a device to be claimed on its form and reads the claim code; another user, on a
 * phone, opens its /qr link signed out, signs in through the page's link, tries a wrong code then
 * the right one and claims the device into their own team, its type copied there.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { button } from './objectScreen';
import { adminTeam as readAdminTeam, createObject, HEADERS, uniqueName } from './objectApi';
import { createDevice, createType } from './typeGroupApi';

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
  await button(phone, ownMessages.claimSubmit).click();

  // The page reloads: the claimant is now a member of the device's team.
  await expect(phone.getByRole('link', { name: ownMessages.qrFullInformation })).toHaveAttribute('href', `/device_view?id=${device.id}`);
  await expect(phone.getByText(ownMessages.qrWaitingToBeClaimed)).toHaveCount(0);
  const claimed = (await (await phone.request.get(`/api/device/${device.id}`, { headers: HEADERS })).json()) as Record<string, unknown>;
  expect(claimed.team_id).toBe(team.id);
  expect(claimed.to_be_claimed).toBe(false);
  expect(claimed.type_id).not.toBe(type.id);
  const copiedType = (await (await phone.request.get(`/api/type/${String(claimed.type_id)}`, { headers: HEADERS })).json()) as Record<string, unknown>;
  expect(copiedType).toMatchObject({ name: type.name, team_id: team.id });
  await visitor.close();
});
