/**
 * The QR journey in Chromium against the real server (spec sections 2 and 6): an admin generates a
 * device's QR code on its form and sees it as an image; a visitor on a phone opens the code's /qr
 * link and is told what the device is and how to go further, signed out, as a non-member and as a
 * member; the phone journey through sign-in and the claim to the claimed device; and the page's
 * contact link when a server configures one (a server of its own).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages, ownMessages } from '../../src/messages';
import { signInByApi } from './signIn';
import { answerInPage, button } from './objectScreen';
import { adminTeam, createObject, HEADERS, type Obj } from './objectApi';
import { adminTeamId, createDevice, createType } from './typeGroupApi';
import { signedInApi, token } from './listsApi';
import { ADMIN, E2E_PORT } from './settings';
import { START_TIMEOUT_MS, startServer, stopServer } from './ownServer';

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
  // The page comes with the QR code's public information (the server drew it): only the profile is
  // read, once, announced in the page as a preload whose answer the script takes.
  const reads: string[] = [];
  phone.on('request', (r) => r.url().includes('/api/') && reads.push(new URL(r.url()).pathname));
  const unused: string[] = [];
  phone.on('console', (m) => /preload/i.test(m.text()) && unused.push(m.text()));
  await phone.goto(`/qr?id=${qrId}`);
  await expect(phone.getByText(messages.loginToSee)).toBeVisible();
  expect(reads).toEqual(['/api/current_user']);
  expect(unused).toEqual([]);
  await expect(phone.getByText(messages.provisioningNotProvided)).toBeVisible();
  await expect(phone.getByRole('link', { name: ownMessages.signIn })).toHaveAttribute('href', `/qr_code_page_login/?id=${qrId}`);
  await expect(phone.getByRole('link', { name: messages.home })).toHaveAttribute('href', '/');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.goto(oldUrl.replace(baseURL ?? '', ''));
  await expect(phone.getByText(messages.qrInvalid)).toBeVisible();
  await visitor.close();
});

/**
 * The QR page as a phone shows it (issue 27 item 4), at 375 px: the device named in text, its
 * provisioning as keys and values with the raw JSON behind a toggle, touch targets of 44 px, no
 * Contact link (the e2e server configures none), the link to the device for every visitor, no
 * error on load or reload, and a page that fills the screen without scrolling it does not need.
 */
test.describe('the QR page on a phone', () => {
  const SHORT = { width: 375, height: 667 };
  const TALL = { width: 375, height: 812 };
  const PROVISIONING = { wifi: { ssid: 'greenhouse', channel: 6 }, servers: ['mqtt.example', 'backup.example'], enabled: true };

  let team: { id: number; name: string };
  let type: Obj;
  /** With provisioning; its page is longer than a phone's screen. */
  let device: Obj;
  let qr: string;
  /** Without provisioning; its page fits a phone's screen. */
  let plain: Obj;
  let plainQr: string;
  let stranger: { username: string; password: string };

  const generateQr = async (api: APIRequestContext, id: number) => {
    const response = await api.post(`/api/device_qr_code/${id}`, { headers: HEADERS });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };

  test.beforeAll(async () => {
    const api = await signedInApi();
    team = await adminTeam(api);
    type = await createType(api, team.id, { name_of_uid: 'Serial number' });
    device = await createDevice(api, type, { provisioning: PROVISIONING });
    qr = await generateQr(api, device.id);
    plain = await createDevice(api, type);
    plainQr = await generateQr(api, plain.id);
    // A user of no team: signed in, not a member of the device's team.
    stranger = { username: `stranger-${token()}`, password: 'stranger-password-1' };
    await createObject(api, 'user', stranger);
    await api.dispose();
  });

  /** What would go wrong in the visitor's browser: console errors, uncaught errors, failed answers. */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    return problems;
  }

  /** The visible links and buttons lower than a 44 px touch target, and how many there are in all. */
  const touchTargets = (page: Page) =>
    page.locator('a:visible, button:visible, [role="button"]:visible').evaluateAll((elements) => ({
      count: elements.length,
      small: elements.map((e) => `${e.textContent?.trim()}: ${e.getBoundingClientRect().height} px`).filter((_, i) => elements[i].getBoundingClientRect().height < 44),
    }));

  const scrolls = (page: Page) =>
    page.evaluate(() => {
      const e = document.scrollingElement!;
      return { sideways: e.scrollWidth > e.clientWidth, down: e.scrollHeight > e.clientHeight };
    });

  /** The card the page is drawn on spans the screen: no margin or background around it. */
  async function expectFillsTheScreen(page: Page) {
    const card = await page.locator('.pucs-card').evaluate((e) => {
      const box = e.getBoundingClientRect();
      return { left: box.left, top: box.top + window.scrollY, width: box.width };
    });
    expect(card).toEqual({ left: 0, top: 0, width: page.viewportSize()!.width });
  }

  /** A key's value in a list of keys and values. */
  const valueOf = (scope: Locator, key: string) => scope.locator('dt').filter({ hasText: new RegExp(`^${key}$`) }).locator('xpath=following-sibling::dd');

  async function phoneOf(browser: Browser, visitor: 'signed out' | 'not a member' | 'member', viewport = SHORT) {
    const context = await browser.newContext({ viewport });
    const credentials = visitor === 'not a member' ? stranger : visitor === 'member' ? ADMIN : undefined;
    if (credentials) expect((await context.request.post('/api/login', { headers: HEADERS, data: credentials })).status()).toBe(204);
    return { context, phone: await context.newPage() };
  }

  for (const visitor of ['signed out', 'not a member'] as const) {
    test(`${visitor}: the device in text, provisioning listed, raw JSON on demand, touch targets, no Contact, no error on reload, the device's link`, async ({ browser }) => {
      const { context, phone } = await phoneOf(browser, visitor);
      const problems = problemsOf(phone);
      await phone.goto(`/qr?id=${qr}`);

      const identity = phone.getByLabel(ownMessages.qrDevice, { exact: true });
      await expect(identity.locator('dt')).toHaveText([ownMessages.qrDeviceName, ownMessages.qrDeviceType, 'Serial number', ownMessages.qrDeviceTeam]);
      await expect(identity.locator('dd')).toHaveText([device.name, type.name, String(device.uid_for_type), team.name]);
      await expect(phone.getByText(visitor === 'signed out' ? messages.loginToSee : messages.notTeamMember)).toBeVisible();

      const provisioning = phone.locator('section').filter({ has: phone.getByRole('heading', { name: ownMessages.qrProvisioning }) });
      await expect(valueOf(provisioning, 'ssid')).toHaveText('greenhouse');
      await expect(valueOf(provisioning, 'channel')).toHaveText('6');
      await expect(valueOf(provisioning, 'enabled')).toHaveText('true');
      await expect(valueOf(provisioning, 'servers').getByRole('listitem')).toHaveText(['mqtt.example', 'backup.example']);
      const raw = provisioning.locator('pre');
      await expect(raw).toBeHidden();
      await provisioning.getByRole('button', { name: ownMessages.qrShowRawJson }).click();
      await expect(raw).toBeVisible();
      expect(JSON.parse((await raw.textContent()) ?? '')).toEqual(PROVISIONING);
      await expect(provisioning.getByRole('button', { name: ownMessages.qrHideRawJson })).toHaveAttribute('aria-expanded', 'true');

      const link = phone.getByRole('link', { name: ownMessages.qrFullInformation });
      await expect(link).toHaveAttribute('href', `/device_view?id=${device.id}`);
      // The contact link comes with the page (none configured here): its absence is final.
      await expect(phone.getByRole('link', { name: ownMessages.qrContact })).toHaveCount(0);
      const targets = await touchTargets(phone);
      expect(targets.small).toEqual([]);
      expect(targets.count).toBeGreaterThanOrEqual(3);
      expect((await scrolls(phone)).sideways).toBe(false);
      await expectFillsTheScreen(phone);
      await phone.setViewportSize(TALL);
      expect((await scrolls(phone)).sideways).toBe(false);

      await phone.reload();
      await expect(identity.locator('dd').first()).toHaveText(device.name);
      await expect(link).toBeVisible();
      expect(problems).toEqual([]);

      // The device's page signs the visitor in, or refuses a non-member as it does an unknown device.
      await link.click();
      await expect(phone).toHaveURL(`/device_view?id=${device.id}`);
      if (visitor === 'signed out') await expect(phone.getByRole('heading', { name: ownMessages.welcome })).toBeVisible();
      else await expect(phone.getByText(ownMessages.notFound)).toBeVisible();
      await expect(phone.getByText(device.name)).toHaveCount(0);
      await context.close();
    });
  }

  for (const viewport of [SHORT, TALL]) {
    for (const visitor of ['signed out', 'not a member'] as const) {
      test(`${visitor}, ${viewport.width} x ${viewport.height}: a page that fits the screen fills it and does not scroll`, async ({ browser }) => {
        const { context, phone } = await phoneOf(browser, visitor, viewport);
        const problems = problemsOf(phone);
        await phone.goto(`/qr?id=${plainQr}`);
        await expect(phone.getByLabel(ownMessages.qrDevice, { exact: true }).locator('dd').first()).toHaveText(plain.name);
        await expect(phone.getByText(messages.provisioningNotProvided)).toBeVisible();
        await expect(phone.getByText(visitor === 'signed out' ? messages.loginToSee : messages.notTeamMember)).toBeVisible();
        await expect(phone.getByRole('img', { name: ownMessages.qrLabelAlt })).toBeVisible();
        expect(await scrolls(phone)).toEqual({ sideways: false, down: false });
        await expectFillsTheScreen(phone);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${colorScheme}: the identity and provisioning lists and the raw JSON toggle have no serious accessibility fault`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: SHORT, colorScheme });
      const phone = await context.newPage();
      await phone.goto(`/qr?id=${qr}`);
      const toggle = phone.getByRole('button', { name: ownMessages.qrShowRawJson });
      await expect(toggle).toBeVisible();
      const serious = async () =>
        (await new AxeBuilder({ page: phone }).analyze()).violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
      expect(await serious()).toEqual([]);
      await toggle.click();
      await expect(phone.locator('pre')).toBeVisible();
      expect(await serious()).toEqual([]);
      await context.close();
    });
  }

  test("a member: the page's information is read at most once a visit, without error; the link opens the device", async ({ browser }) => {
    const { context, phone } = await phoneOf(browser, 'member');
    const problems = problemsOf(phone);
    const reads: string[] = [];
    phone.on('request', (r) => {
      const [, api, call] = new URL(r.url()).pathname.split('/');
      if (api === 'api' && ['execute_qr_code_action', 'qr_contact'].includes(call)) reads.push(call);
    });
    await phone.goto(`/qr?id=${qr}`);
    const link = phone.getByRole('link', { name: ownMessages.qrFullInformation });
    await expect(link).toHaveAttribute('href', `/device_view?id=${device.id}`);
    await expect(phone.getByLabel(ownMessages.qrDevice, { exact: true }).locator('dd').first()).toHaveText(device.name);
    await expect(phone.getByText(messages.notTeamMember)).toHaveCount(0);
    await phone.reload();
    await expect(link).toBeVisible();
    expect((await touchTargets(phone)).small).toEqual([]);

    await link.click();
    await expect(phone).toHaveURL(`/device_view?id=${device.id}`);
    await expect(phone.getByTestId('object-name')).toHaveText(device.name);
    // Each load drew the page twice (the light entry, then the console, which shows the device's page
    // now) from the answers the page came with (the server drew it): nothing read.
    expect(reads).toEqual([]);
    // Back on the page without a load, a new visit: read once.
    await phone.goBack();
    await expect(link).toBeVisible();
    await expect.poll(() => reads).toEqual(['execute_qr_code_action', 'qr_contact']);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the journey on a phone: from the QR link through sign-in and the claim to the claimed device', async ({ browser }) => {
    const api = await signedInApi();
    const claimable = await createDevice(api, type);
    const claimQr = await generateQr(api, claimable.id);
    const set = await api.put(`/api/set_device_claimed_status/${claimable.id}`, { headers: HEADERS, data: { to_be_claimed: true } });
    expect(set.status(), await set.text()).toBe(200);
    const { claim_code: code } = (await set.json()) as { claim_code: string };
    // The claimant: admin of a team of their own only.
    const claimant = { username: `claimant-${token()}`, password: 'claimant-password-1' };
    const user = await createObject(api, 'user', claimant);
    const claimantTeam = await createObject(api, 'team', { name: `Claimant team ${token()}` });
    const role = await api.post('/api/role', { headers: HEADERS, data: { team_id: claimantTeam.id, user_id: user.id, role_id: 3 } });
    expect(role.status(), await role.text()).toBe(201);
    await api.dispose();

    const { context, phone } = await phoneOf(browser, 'signed out', TALL);
    const problems = problemsOf(phone);
    await phone.goto(`/qr?id=${claimQr}`);
    await expect(phone.getByText(ownMessages.qrWaitingToBeClaimed)).toBeVisible();
    await expect(phone.getByLabel(ownMessages.qrDevice, { exact: true }).locator('dd')).toHaveText([claimable.name, type.name, String(claimable.uid_for_type), team.name]);
    await expect(phone.getByText(messages.loginToClaim)).toBeVisible();
    await phone.getByRole('link', { name: ownMessages.signIn }).click();

    await phone.getByLabel(ownMessages.username).fill(claimant.username);
    await phone.getByLabel(ownMessages.password).fill(claimant.password);
    expect((await touchTargets(phone)).small).toEqual([]);
    await button(phone, ownMessages.signIn).click();
    await expect(phone).toHaveURL(`/qr?id=${claimQr}`);

    await phone.getByLabel(ownMessages.claimCode).fill(code);
    expect((await touchTargets(phone)).small).toEqual([]);
    await button(phone, ownMessages.checkClaimCode).click();
    await expect(phone.getByLabel(ownMessages.claimIntoTeam).locator('option:checked')).toHaveText(claimantTeam.name);
    expect((await scrolls(phone)).sideways).toBe(false);
    expect((await touchTargets(phone)).small).toEqual([]);
    await button(phone, ownMessages.claimSubmit).click();

    // The page reloads: the device is in the claimant's team, and its link opens it.
    await expect(phone.getByText(ownMessages.qrWaitingToBeClaimed)).toHaveCount(0);
    await expect(phone.getByLabel(ownMessages.qrDevice, { exact: true }).locator('dd').last()).toHaveText(claimantTeam.name);
    expect(problems).toEqual([]);
    await phone.getByRole('link', { name: ownMessages.qrFullInformation }).click();
    await expect(phone).toHaveURL(`/device_view?id=${claimable.id}`);
    await expect(phone.getByTestId('object-name')).toHaveText(claimable.name);
    expect((await scrolls(phone)).sideways).toBe(false);
    await context.close();
  });
});

/** A server of its own with a contact link configured (PUCS_CONTACT_URL): the page then offers it, a touch target too. */
test.describe('the QR page with a contact link configured', () => {
  // Clear of the shared server (E2E_PORT) and of the other specs' own servers (+1000, +1002, +1004).
  const PORT = E2E_PORT + 1005;
  const BASE_URL = `http://127.0.0.1:${PORT}`;
  const CONTACT = 'https://pucs.example/help';
  test.use({ baseURL: BASE_URL });

  let dataDir: string;
  let server: ChildProcess | undefined;
  let qr: string;

  test.beforeAll(async () => {
    test.setTimeout(2 * START_TIMEOUT_MS);
    dataDir = mkdtempSync(join(tmpdir(), 'pucs-e2e-contact-'));
    server = await startServer(PORT, dataDir, { PUCS_CONTACT_URL: CONTACT });
    const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: HEADERS });
    expect((await api.post('/api/login', { data: ADMIN })).status()).toBe(204);
    const device = await createDevice(api, await createType(api, (await adminTeam(api)).id));
    const answer = await api.post(`/api/device_qr_code/${device.id}`);
    expect(answer.status(), await answer.text()).toBe(200);
    qr = ((await answer.json()) as { id: string }).id;
    await api.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a phone visitor is offered the Contact link, 44 px high', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    const phone = await context.newPage();
    await phone.goto(`/qr?id=${qr}`);
    const contact = phone.getByRole('link', { name: ownMessages.qrContact });
    await expect(contact).toHaveAttribute('href', CONTACT);
    expect((await contact.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });
});
