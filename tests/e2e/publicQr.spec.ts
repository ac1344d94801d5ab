/**
 * The QR journey's first steps in Chromium against the real server (spec sections 2 and 6): an
 * admin generates a device's QR code on its form and sees it as an image; a signed-out visitor
 * on a phone opens the code's /qr link and is told what the device is and how to go further.
 */
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { answerInPage, button } from './objectScreen';
import { adminTeamId, createDevice, createType } from './typeGroupApi';

test('an admin generates and regenerates the QR code; its /qr page, signed out on a phone, asks to sign in', async ({ page, browser, baseURL, dialogs }) => {
  await signInByApi(page);
  const device = await createDevice(page.request, await createType(page.request, await adminTeamId(page.request)));
  await page.goto(`/device_view?id=${device.id}`);
  await button(page, ownMessages.generateQr).click();

  const link = page.getByTestId('qr-code-panel').getByText(`${baseURL}/qr?id=`);
  await expect(link).toBeVisible();
  const oldUrl = (await link.textContent()) ?? '';
  await expect(page.getByRole('img', { name: ownMessages.qrImageAlt(oldUrl) })).toHaveAttribute('src', /^data:image\/svg\+xml;/);

  // Regenerating asks first (printed labels stop working), then shows the new code.
  await button(page, ownMessages.regenerateQr).click();
  await answerInPage(page, ownMessages.regenerateQrConfirm);
  await expect(link).not.toHaveText(oldUrl);
  expect(dialogs).toEqual([]);
  const url = (await link.textContent()) ?? '';
  const qrId = new URL(url).searchParams.get('id') ?? '';
  expect(qrId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(page.getByRole('img', { name: ownMessages.qrImageAlt(url) })).toHaveAttribute('src', /^data:image\/svg\+xml;/);

  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phone = await visitor.newPage();
  // The page's reads, announced in it as preloads, are each sent once: the script takes the preloaded answers.
  const reads: string[] = [];
  phone.on('request', (r) => r.url().includes('/api/') && reads.push(new URL(r.url()).pathname));
  const unused: string[] = [];
  phone.on('console', (m) => /preload/i.test(m.text()) && unused.push(m.text()));
  await phone.goto(`/qr?id=${qrId}`);
  await expect(phone.getByText(messages.loginToSee)).toBeVisible();
  expect(reads.filter((r) => r !== '/api/qr_contact').sort()).toEqual(['/api/current_user', `/api/execute_qr_code_action/${qrId}`]);
  expect(unused).toEqual([]);
  await expect(phone.getByText(messages.provisioningNotProvided)).toBeVisible();
  await expect(phone.getByRole('link', { name: ownMessages.signIn })).toHaveAttribute('href', `/qr_code_page_login/?id=${qrId}`);
  await expect(phone.getByRole('link', { name: messages.home })).toHaveAttribute('href', '/');
  await expect(phone.getByRole('link', { name: ownMessages.qrContact })).toHaveAttribute('href', /^mailto:/);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.goto(oldUrl.replace(baseURL ?? '', ''));
  await expect(phone.getByText(messages.qrInvalid)).toBeVisible();
  await visitor.close();
});
