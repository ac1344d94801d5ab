/**
 * Labels in Chromium against the real server (spec section 2, Label panel; issue 8 item 5): on a
 * phone-wide device form the admin sees the label previewed as an image, downloads the detailed,
 * model and custom labels (SVG files of 55 mm by 23 mm), is told what is wrong with an invalid
 * template; then selects two devices in the devices table and prints their labels on an A4 sheet
 * (once, however often the button is clicked, with its progress said meanwhile).
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { DEFAULT_LABEL_TEMPLATE } from '../../src/custom/labels';
import { signInByApi } from './signIn';
import { button } from './objectScreen';
import { search } from './listSearch';
import { adminTeamId, createDevice, createType, uniqueName } from './typeGroupApi';

test.use({ allowDialogs: true });

/** Clicks the button and answers the file the browser saved: its name and text. */
async function downloaded(page: Page, trigger: Locator): Promise<{ name: string; text: string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** The root <svg> start tag of a label file. */
const rootTag = (svg: string) => /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';

test('the label panel previews and downloads the three labels; two selected devices print on one A4 sheet', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page);
  const type = await createType(page.request, await adminTeamId(page.request));
  const prefix = uniqueName('lbl');
  const device = await createDevice(page.request, type, { name: `${prefix} one` });
  const other = await createDevice(page.request, type, { name: `${prefix} two` });
  await page.goto(`/device_view?id=${device.id}`);
  const panel = page.getByTestId('label-panel');

  // No QR code yet: viewing the device makes none, so its label cannot be drawn (said plainly, issue 27); generating the code brings the preview.
  await expect(panel.getByText(ownMessages.labelNeedsQrCode)).toBeVisible();
  await button(page, ownMessages.generateQr).click();

  // The preview is the detailed label as an image (never inline markup), and it loads.
  const preview = panel.getByRole('img', { name: ownMessages.labelPreviewAlt });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(panel.locator('svg text')).toHaveCount(0);

  const detailed = await downloaded(page, button(panel, ownMessages.downloadDetailedLabel));
  expect(detailed.name).toMatch(/\.svg$/);
  expect(rootTag(detailed.text)).toContain('width="55mm"');
  expect(rootTag(detailed.text)).toContain('height="23mm"');
  expect(detailed.text).toContain(String(device.name));
  const model = await downloaded(page, button(panel, ownMessages.downloadModelLabel));
  expect(model.name).toMatch(/\.svg$/);
  expect(model.name).not.toBe(detailed.name);
  expect(rootTag(model.text)).toContain('width="55mm"');
  expect(model.text).toContain(String(type.name));

  // Advanced settings: the custom template starts from the default one; the phone shows it all without scrolling sideways.
  await panel.getByLabel(ownMessages.labelAdvanced).check();
  await panel.getByLabel(ownMessages.labelCustomTemplate).check();
  const template = panel.getByLabel(ownMessages.labelTemplate, { exact: true });
  await expect(template).toHaveValue(DEFAULT_LABEL_TEMPLATE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const custom = await downloaded(page, button(panel, ownMessages.downloadCustomLabel));
  expect(custom.name).toMatch(/\.svg$/);
  expect(rootTag(custom.text)).toContain('height="23mm"');
  expect(custom.text).toContain(String(device.name));

  // A template naming an unknown key: the server's Description, then the spec's hint on a new line.
  await template.fill('<svg xmlns="http://www.w3.org/2000/svg">$no_such_key</svg>');
  const problem = panel.getByRole('alert');
  await expect(problem).toContainText(messages.customLabelFailure);
  expect(await problem.textContent()).toMatch(new RegExp(`^.+\\n${messages.customLabelFailure.replace(/\./g, '\\.')}$`));
  await expect(preview).toHaveAttribute('src', /^blob:/);

  // Two devices selected in the table print on one A4 sheet of their labels.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/devices');
  await search(page, prefix);
  const rows = page.locator('#main-content tbody tr');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  // The sheet as the server sends it (the console page may not read its own blob: URLs back).
  // Held until the page has shown that it is at work: a sheet takes its time on a busy server.
  const sheets: { ids: number[]; svg: string }[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/download/label_sheet?*', async (route) => {
    await released;
    const response = await route.fetch();
    sheets.push({ ids: route.request().postDataJSON().device_ids, svg: await response.text() });
    await route.fulfill({ response });
  });
  const print = button(page, ownMessages.printLabels);
  // A double click prints once: the button is disabled, the progress said, until the sheets are there.
  await print.dblclick();
  await expect(print).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: ownMessages.printLabelsProgress(1, 1) })).toBeVisible();
  release();
  await expect(print).toBeEnabled();
  const printed = page.frameLocator('#label-print-frame').getByRole('img', { name: ownMessages.labelSheetAlt(1) });
  await expect(printed).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => printed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // What is printed: the sheet the server made, A4 with both devices' labels.
  expect(sheets.map((sheet) => [...sheet.ids].sort())).toEqual([[device.id, other.id].sort()]);
  const sheetSvg = sheets[0].svg;
  expect(rootTag(sheetSvg)).toContain('width="210mm"');
  expect(rootTag(sheetSvg)).toContain('height="297mm"');
  expect(sheetSvg).toContain(String(device.name));
  expect(sheetSvg).toContain(String(other.name));
});
