/**
 * What a team admin meets right after signing in, reached only by clicking as a user does: the
 * permissions read while signed out must not linger (they once hid Edit and Delete until a reload).
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { ADMIN } from './settings';
import { signInByApi } from './signIn';
import { adminTeam, createObject, uniqueName } from './objectApi';
import { button, expectScreen } from './objectScreen';
import { CSRF_HEADER } from '../../src/csrf';

test('a team admin who signs in on the welcome page can edit a type reached by clicking', async ({ page }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const type = await createObject(page.request, 'type', { name: uniqueName('Clicked type'), team_id: team.id });
  await page.request.post('/api/logout', { headers: CSRF_HEADER });

  await page.goto('/');
  await page.getByRole('link', { name: ownMessages.signIn }).click();
  await page.getByLabel(ownMessages.username).fill(ADMIN.username);
  await page.getByLabel(ownMessages.password).fill(ADMIN.password);
  await page.getByRole('button', { name: ownMessages.signIn }).click();

  await page.locator('.RaSidebar-fixed').getByRole('menuitem', { name: 'Types' }).click();
  await page.getByRole('link', { name: type.name }).click();
  await expectScreen(page, 'Type | View', 'View type');
  await expect(button(page, messages.edit)).toBeVisible();
  await expect(button(page, messages.deleteTypeAndContent)).toBeVisible();
  await expect(page.getByText(messages.onlyAdminsCanModify)).toHaveCount(0);

  // Signing out forgets them again: the next visitor of the same browser starts from nothing.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: ownMessages.signOut }).click();
  await expect(page.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
});
