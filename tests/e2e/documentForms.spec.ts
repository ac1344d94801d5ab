/**
 * The basic document's form in Chromium against the real server (spec section 2 'Document form',
 * sections 5 and 7): /document_new asks which kind first; a Text, a Link (opened in a new tab
 * with no access back to the console), a File (uploaded, then downloaded) and an Image (previewed;
 * an SVG named .png refused before anything is sent) are made as a user makes them.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { adminTeam, uniqueName } from './objectApi';
import { button, expectErrors, expectScreen, input } from './objectScreen';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

let team: { id: number; name: string };

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
  team ??= await adminTeam(page.request);
});

/** A MUI select's accessible name holds its label and its value. */
const docType = (page: Page) => page.getByRole('combobox', { name: 'Document type' });

const fileRegion = (page: Page) => page.getByRole('region', { name: 'File', exact: true });

/** Opens the add form of a basic document of `type`, named `name`, in the admin's team. */
async function newDocument(page: Page, type: string, name: string) {
  await page.goto('/document_new');
  await page.getByRole('button', { name: ownMessages.documentKind, exact: true }).click();
  await docType(page).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await input(page, 'Name').fill(name);
  await input(page, 'Team').selectOption({ label: team.name });
}

async function submitAndView(page: Page, name: string) {
  await button(page, messages.submit).click();
  await expectScreen(page, 'Document | View', 'View document');
  await expect(page.getByTestId('object-name')).toHaveText(name);
}

test("/document_new asks what kind of document first: a collection's form or a document's", async ({ page }) => {
  await page.goto('/document_new');
  await expectScreen(page, 'Document | Add', 'Add a new document');
  const choices = page.getByRole('group', { name: messages.whatKindOfDocument });
  await expect(choices.getByRole('button')).toHaveText([ownMessages.documentKind, ownMessages.collectionKind]);
  await choices.getByRole('button', { name: ownMessages.collectionKind }).click();
  await expectScreen(page, 'Documents collection | Add', 'Add a new documents collection');
  await page.goBack();
  await page.getByRole('button', { name: ownMessages.documentKind, exact: true }).click();
  await expect(docType(page)).toHaveText('Text');
  await expect(input(page, 'Name')).toHaveValue(messages.newDocumentName('Text'));
});

test('a Text document and a Link document, whose link opens in a new tab without a way back to the console', async ({ page, context }) => {
  const text = uniqueName('e2e text doc');
  await newDocument(page, 'Text', text);
  await input(page, 'Content').fill('Turn it off and on again.');
  await submitAndView(page, text);
  await expect(input(page, 'Content')).toHaveValue('Turn it off and on again.');

  const link = uniqueName('e2e link doc');
  await newDocument(page, 'Link', link);
  await input(page, 'Content').fill('javascript:alert(1)');
  await button(page, messages.submit).click();
  await expectErrors(page, [ownMessages.linkNotHttp]);
  const address = new URL('/qr?id=1', page.url()).toString();
  await input(page, 'Content').fill(address);
  await submitAndView(page, link);
  const anchor = page.getByRole('link', { name: address });
  await expect(anchor).toHaveAttribute('target', '_blank');
  await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
  const [tab] = await Promise.all([context.waitForEvent('page'), anchor.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(address);
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
});

test('a File document: the upload is required, then made after the save, and its name downloads it', async ({ page }) => {
  const name = uniqueName('e2e file doc');
  const bytes = Buffer.from('Wiring: red to 5V, black to GND.\n');
  await newDocument(page, 'File', name);
  await expect(input(page, 'Content')).toHaveCount(0);
  await button(page, messages.submit).click();
  await expectErrors(page, [messages.uploadRequired]);

  await fileRegion(page).getByTestId('file-input').setInputFiles({ name: 'wiring.txt', mimeType: 'text/plain', buffer: bytes });
  await expect(fileRegion(page).getByText('wiring.txt')).toBeVisible();
  const upload = page.waitForResponse((r) => /\/api\/upload\/document\/\d+$/.test(r.url()));
  await submitAndView(page, name);
  expect((await upload).status()).toBe(200);

  const id = new URL(page.url()).searchParams.get('id');
  const downloadCall = page.waitForRequest((r) => r.url().includes(`/api/download/document/${id}?r=`));
  const [download] = await Promise.all([page.waitForEvent('download'), fileRegion(page).getByRole('button', { name: 'wiring.txt' }).click()]);
  await downloadCall;
  expect(download.suggestedFilename()).toBe('wiring.txt');
  expect((await readFile(await download.path())).equals(bytes)).toBe(true);
});

test('an Image document: an SVG named .png is refused in the browser; a PNG is previewed before and after the save', async ({ page }) => {
  const name = uniqueName('e2e image doc');
  await newDocument(page, 'Image', name);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/upload/')) uploads.push(r.url());
  });

  await fileRegion(page).getByTestId('file-input').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: SVG });
  await expect(fileRegion(page).getByText(ownMessages.imageNotSupported)).toBeVisible();
  await expect(fileRegion(page).getByText('diagram.png')).toHaveCount(0);

  await fileRegion(page).getByTestId('file-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  const chosen = fileRegion(page).getByRole('img', { name: ownMessages.imagePreview('dot.png') });
  await expect(chosen).toHaveAttribute('src', /^blob:/);
  await expect(fileRegion(page).getByText(ownMessages.imageNotSupported)).toHaveCount(0);
  await submitAndView(page, name);

  const stored = fileRegion(page).getByRole('img', { name: ownMessages.imagePreview('dot.png') });
  await expect(stored).toHaveAttribute('src', /^\/api\/download\/document\/\d+\?r=/);
  await expect.poll(() => stored.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(uploads).toHaveLength(1);
});
