/**
 * The audit log as an admin sees it: a change made on a device's edit page is on the Audit page
 * (from the menu) and on the device's History (its view page's link, filtered to the device).
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, createObject, HEADERS, typeWithContent, uniqueName } from './objectApi';
import { button, input } from './objectScreen';

test('an admin changes a device and sees the entry on the Audit page and from the device', async ({ page }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const { type } = await typeWithContent(page.request, team.id, 'audit');
  const name = uniqueName('Audited');
  const device = await createObject(page.request, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });

  await page.goto(`/device_edit?id=${device.id}`);
  await input(page, 'Notes').fill('checked by the audit');
  await button(page, messages.submit).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));

  // From the device: its history holds the change, with its before and after.
  await page.getByRole('link', { name: ownMessages.auditHistory }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?category=device&object_id=${device.id}$`));
  const history = page.getByTestId('audit-entry');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('update');
  await expect(history.first()).toContainText('Notes: ∅ → checked by the audit');
  await expect(history.last()).toContainText('create');

  // From the menu: the whole log, the change among the entries, filtered by action.
  await page.getByRole('menuitem', { name: ownMessages.auditMenu }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await page.getByLabel(ownMessages.auditAction).fill('update');
  const updated = page.getByTestId('audit-entry').filter({ hasText: name });
  await expect(updated).toHaveCount(1);
  await expect(updated).toContainText('admin');
  await expect(updated).toContainText(team.name);
  // The object's name links to its view page.
  await updated.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));
});

test("a group's new target firmware and the group's delete are on its device's History, by the admin who made them", async ({ page }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const { type, firmware, group } = await typeWithContent(page.request, team.id, 'audit follow');
  const next = await createObject(page.request, 'firmware', { name: uniqueName('audit follow next'), team_id: team.id, type_id: type.id, version: '2.0.0' });
  const device = await createObject(page.request, 'device', { name: uniqueName('Follower'), team_id: team.id, type_id: type.id, group_id: group.id, uid_for_type: uniqueName('uid') });
  const moved = await page.request.put(`/api/devices_group/${group.id}`, { headers: HEADERS, data: { target_firmware_id: next.id } });
  expect(moved.status(), await moved.text()).toBe(200);
  const deleted = await page.request.delete(`/api/devices_group/${group.id}`, { headers: HEADERS });
  expect(deleted.status(), await deleted.text()).toBe(200);

  await page.goto(`/device_view?id=${device.id}`);
  await page.getByRole('link', { name: ownMessages.auditHistory }).click();
  const history = page.getByTestId('audit-entry');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText('clear_reference');
  await expect(history.nth(0)).toContainText(`Group: ${group.id} → ∅`);
  await expect(history.nth(1)).toContainText('follow');
  await expect(history.nth(1)).toContainText(`Target firmware: ${firmware.id} → ${next.id}`);
  await expect(history.nth(1)).toContainText('admin');
  await expect(history.nth(2)).toContainText('create');
});

/**
 * A time zone whose day differs from UTC's now (and for the next half hour at least): there a
 * date filter that read days in UTC missed the entries the table shows on that day.
 */
const awayZone = new Date().getUTCHours() + new Date().getUTCMinutes() / 60 >= 10.5 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

test.describe(`in a browser whose days are not UTC's (${awayZone})`, () => {
  test.use({ timezoneId: awayZone });

  test("the date filters take the days the table shows: an entry of today is found by today's date", async ({ page }) => {
    await signInByApi(page);
    const team = await adminTeam(page.request);
    const { type } = await typeWithContent(page.request, team.id, 'audit-day');
    const name = uniqueName('Dated');
    await createObject(page.request, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });

    await page.goto('/audit');
    const entry = page.getByTestId('audit-entry').filter({ hasText: name });
    await expect(entry).toHaveCount(1);
    // The day the table shows it on (en-GB, the browser's time zone), entered in the date filters.
    const shown = /(\d{2})\/(\d{2})\/(\d{4})/.exec((await entry.textContent()) ?? '');
    expect(shown).not.toBeNull();
    const day = `${shown![3]}-${shown![2]}-${shown![1]}`;
    await page.getByLabel(ownMessages.auditFrom, { exact: true }).fill(shown![0]);
    await page.getByLabel(ownMessages.auditTo, { exact: true }).fill(shown![0]);
    await expect(page).toHaveURL(new RegExp(`to=${day}`));
    await expect(entry).toHaveCount(1);
  });
});
