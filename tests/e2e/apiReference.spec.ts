/** The API reference page renders in a real browser, signed out, from this server only, without CSP violations. */
import { expect, test } from '@playwright/test';

test('the API reference page shows the operations of the OpenAPI document', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL as string)) elsewhere.push(r.url());
  });

  await page.goto('/api/reference');
  await expect(page.getByRole('heading', { name: /PUCS API/ })).toBeVisible();
  // The tags are folded: open the devices' one.
  await page.locator('#operations-tag-device').click();
  const create = page.locator('#operations-device-create_device');
  await expect(create).toContainText('/api/device');
  await create.getByText('Create a device').click();
  await expect(create.getByText('Request body')).toBeVisible();
  await expect(create.getByText('"uid_for_type"').first()).toBeVisible();

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
