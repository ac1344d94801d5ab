/**
 * The device screen at a glance (issue 27 item 6) in Chromium: a new device's state summed up on
 * top (last seen, current and target firmware, update state, configuration state, claim state),
 * then sections a person finds by their headings and the links under the summary, two columns on
 * a desktop and one on a phone; without a QR code the label panel says so plainly, and no label or
 * QR call fails nor any error lands in the browser's console.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { firmwareStatusText } from '../../src/resources/device/firmwareStatus';
import { signInByApi } from './signIn';
import { adminTeamId, createDevice, createType } from './typeGroupApi';

const SECTIONS = [ownMessages.sectionDetails, ownMessages.sectionFirmware, ownMessages.sectionConfiguration, ownMessages.sectionRollouts, ownMessages.sectionIdentity, ownMessages.documentation];

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const summaryValue = (summary: Locator, label: string) => summary.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** Every answer of 400 or more and every console error while the page runs. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

test('a new device: its state at a glance, its sections findable, and no QR code said plainly without a failed call', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page);
  const device = await createDevice(page.request, await createType(page.request, await adminTeamId(page.request)));
  const failures = watchFailures(page);
  await page.goto(`/device_view?id=${device.id}`);

  const summary = page.getByRole('region', { name: ownMessages.summaryHeading });
  await expect(summaryValue(summary, 'Last seen')).toHaveText(ownMessages.neverSeen);
  await expect(summaryValue(summary, 'Current firmware')).toHaveText(ownMessages.summaryNone);
  await expect(summaryValue(summary, 'Target firmware')).toHaveText(ownMessages.summaryNone);
  await expect(summaryValue(summary, ownMessages.firmwareStatus)).toHaveText(firmwareStatusText.none);
  await expect(summaryValue(summary, 'Configuration state')).toHaveText(ownMessages.notConfigured);
  await expect(summaryValue(summary, ownMessages.claimStatus)).toHaveText(ownMessages.notWaitingToBeClaimed);

  // Sections by their headings, in order; the links under the summary bring each one into view.
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: new RegExp(`^(${SECTIONS.join('|')})$`) })).toHaveText(SECTIONS);
  const links = page.getByRole('navigation', { name: ownMessages.sectionLinks });
  await expect(links.getByRole('link')).toHaveText(SECTIONS);
  await links.getByRole('link', { name: ownMessages.documentation, exact: true }).click();
  await expect(section(page, ownMessages.documentation).getByRole('heading', { name: ownMessages.documentation, exact: true })).toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`/device_view\\?id=${device.id}$`));

  // Two columns on a desktop: identity stands beside the details.
  const details = (await section(page, ownMessages.sectionDetails).boundingBox())!;
  const identity = (await section(page, ownMessages.sectionIdentity).boundingBox())!;
  expect(identity.x).toBeGreaterThan(details.x + details.width - 1);
  await expect(section(page, ownMessages.sectionFirmware).getByRole('group', { name: 'Current firmware' })).toBeVisible();
  await expect(section(page, ownMessages.sectionConfiguration).getByRole('group', { name: 'Configuration history' })).toBeVisible();

  // No QR code yet: a plain hint in the label panel (no alert), the QR block offers to generate one.
  const hint = page.getByTestId('label-needs-qr-code');
  await expect(hint).toHaveText(ownMessages.labelNeedsQrCode);
  await expect(section(page, ownMessages.sectionIdentity).getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: ownMessages.generateQr })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('device-view-1280.png'), fullPage: true });

  // Generated: the label is previewed, the hint gone.
  await page.getByRole('button', { name: ownMessages.generateQr }).click();
  await expect(page.getByRole('img', { name: ownMessages.labelPreviewAlt })).toHaveAttribute('src', /^blob:/);
  await expect(hint).toHaveCount(0);

  // One column on a phone: identity under the details.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { name: messages.viewHeading('device') })).toBeVisible();
  await expect(page.getByRole('img', { name: ownMessages.labelPreviewAlt })).toHaveAttribute('src', /^blob:/);
  const phoneDetails = (await section(page, ownMessages.sectionDetails).boundingBox())!;
  const phoneIdentity = (await section(page, ownMessages.sectionIdentity).boundingBox())!;
  expect(phoneIdentity.y).toBeGreaterThan(phoneDetails.y + phoneDetails.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('device-view-375.png'), fullPage: true });
  expect(failures).toEqual([]);
});
