/**
 * Dates typed en-GB in a browser whose locale is US (its own date picker shows MM/DD/YYYY): the
 * console's one date box (every category's date fields, the Audit page's day filters) takes and
 * shows DD/MM/YYYY as spec section 1 shows dates, sends the day as ISO, and names an impossible
 * date. No built-in category has a date a user types (a category's date field is tested in the
 * object form by tests/unit/integratorScreens.test.tsx): here, the Audit page's day filters.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, createObject, typeWithContent, uniqueName } from './objectApi';
import { input } from './objectScreen';

test.use({ locale: 'en-US' });

test('a day typed DD/MM/YYYY filters the Audit page, reads back en-GB after a reload, and 31/02 is refused by name', async ({ page }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const { type } = await typeWithContent(page.request, team.id, 'en-GB day');
  const name = uniqueName('Dated en-GB');
  await createObject(page.request, 'device', { name, team_id: team.id, type_id: type.id, uid_for_type: uniqueName('uid') });

  await page.goto('/audit');
  const entry = page.getByTestId('audit-entry').filter({ hasText: name });
  await expect(entry).toHaveCount(1);
  const shown = /(\d{2})\/(\d{2})\/(\d{4})/.exec((await entry.textContent()) ?? '');
  expect(shown).not.toBeNull();
  const [today, dd, mm, yyyy] = shown!;

  // Digits alone, as on a phone's numeric keypad: the separators come by themselves.
  const from = input(page, ownMessages.auditFrom);
  await expect(from).toHaveAttribute('inputmode', 'numeric');
  await from.pressSequentially(`${dd}${mm}${yyyy}`);
  await expect(from).toHaveValue(today);
  await input(page, ownMessages.auditTo).fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${yyyy}-${mm}-${dd}&to=${yyyy}-${mm}-${dd}$`));
  await expect(entry).toHaveCount(1);

  await page.reload();
  await expect(input(page, ownMessages.auditFrom)).toHaveValue(today);
  await expect(input(page, ownMessages.auditTo)).toHaveValue(today);
  await expect(entry).toHaveCount(1);

  // The calendar button is named, the browser's picker behind it hidden from assistive technology.
  await expect(page.getByRole('button', { name: ownMessages.pickDate(ownMessages.auditTo) })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(' ')}`)).toEqual([]);

  // A day that does not exist: said with the field's label, and the filter stays as it was.
  await input(page, ownMessages.auditTo).fill('31/02/2026');
  await expect(page.getByText(ownMessages.noSuchDate(ownMessages.auditTo, '31/02/2026'))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`to=${yyyy}-${mm}-${dd}$`));
  await expect(entry).toHaveCount(1);
});
