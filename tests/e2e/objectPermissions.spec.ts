import { expect, test } from './fixtures';
import { messages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, createMember, createObject, signInAs, uniqueName } from './objectApi';
import { button, expectScreen, input } from './objectScreen';
import { CSRF_HEADER } from '../../src/csrf';

test('a member who is not an admin of the team reads the object but cannot modify it', async ({ page }) => {
  await signInByApi(page);
  const team = await adminTeam(page.request);
  const type = await createObject(page.request, 'type', { name: uniqueName('perm type'), team_id: team.id });
  const device = await createObject(page.request, 'device', {
    name: uniqueName('Perm device'),
    team_id: team.id,
    type_id: type.id,
    uid_for_type: uniqueName('uid'),
  });
  const member = await createMember(page.request, team.id);

  await page.request.post('/api/logout', { headers: CSRF_HEADER });
  await signInAs(page, member);
  await page.goto(`/device_view?id=${device.id}`);
  await expectScreen(page, 'Device | View', 'View device');
  await expect(page.getByTestId('object-name')).toHaveText(device.name);
  await expect(page.getByText(messages.onlyAdminsCanModify)).toBeVisible();
  await expect(button(page, messages.edit)).toHaveCount(0);
  await expect(button(page, messages.delete)).toHaveCount(0);

  // The edit address typed by hand shows the same read-only form.
  await page.goto(`/device_edit?id=${device.id}`);
  await expect(page.getByText(messages.onlyAdminsCanModify)).toBeVisible();
  await expect(input(page, 'Name')).not.toBeEditable();
  await expect(button(page, messages.submit)).toHaveCount(0);
});
