// @vitest-environment jsdom
/**
 * The first script (src/entry/startup.ts) on a list route whose table this browser read signed in:
 * the table's read and the console's chunk go out beside the profile's read, not a round trip after
 * its answer; a signed-out answer drops the early read (the table never takes an answer read
 * signed out) and forgets the remembered reads, so the next load sends none.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { installFetch, jsonResponse, type RecordedCall } from './fetchMock';

const prefetchConsole = vi.fn();
vi.mock('../../src/entry/consoleChunk', () => ({ prefetchConsole, loadConsole: vi.fn() }));

const profile = { id: 1, username: 'admin', preferences: {}, is_server_admin: false, teams: [] };
let signedIn = true;
/** current_user waits for it: the profile's answer not there yet. */
let profileGate: Promise<void> = Promise.resolve();
let calls: RecordedCall[] = [];

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/devices');
  prefetchConsole.mockReset();
  signedIn = true;
  profileGate = Promise.resolve();
  calls = installFetch(async ({ url }) => {
    if (url.pathname === '/api/current_user') {
      await profileGate;
      return signedIn ? jsonResponse(profile) : new Response('');
    }
    return jsonResponse([{ id: 1, name: signedIn ? 'mine' : 'none' }], 200, { 'Content-Range': 'device 0-0/1' });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A page load: fresh modules (a new profile store, no early read yet), the startup reads sent. */
async function pageLoad() {
  vi.resetModules();
  const { createDataProvider } = await import('../../src/dataProvider/dataProvider');
  const { profileStore } = await import('../../src/dataProvider/profile');
  const { startReads } = await import('../../src/entry/startup');
  startReads();
  const dp = createDataProvider();
  const tableRead = () => dp.getList('device', { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {}, meta: { table: true } });
  return { profileStore, tableRead };
}

const tableCalls = () => calls.filter((c) => c.url.pathname === '/api/full/device');

/** A load before, signed in, whose table read its page (remembered in this browser); its calls then forgotten here. */
async function readBefore() {
  const { profileStore, tableRead } = await pageLoad();
  await profileStore.settled();
  await tableRead();
  calls.length = 0;
  prefetchConsole.mockClear();
}

it("sends the table's read and fetches the console while the profile's answer is still on its way", async () => {
  await readBefore();
  let answer!: () => void;
  profileGate = new Promise((resolve) => (answer = resolve));
  const { profileStore, tableRead } = await pageLoad();
  await Promise.resolve();
  expect(tableCalls()).toHaveLength(1);
  expect(prefetchConsole).toHaveBeenCalled();
  answer();
  await profileStore.settled();
  expect((await tableRead()).data[0].name).toBe('mine');
  expect(tableCalls()).toHaveLength(1);
});

it('never gives the table an answer read signed out: signed in later in the page, the table asks the server', async () => {
  await readBefore();
  signedIn = false;
  const { profileStore, tableRead } = await pageLoad();
  await profileStore.settled();
  const sent = tableCalls().length;
  signedIn = true;
  expect((await tableRead()).data[0].name).toBe('mine');
  expect(tableCalls()).toHaveLength(sent + 1);
});

it('forgets the remembered reads when the profile says signed out: the next load sends none', async () => {
  await readBefore();
  signedIn = false;
  await (await pageLoad()).profileStore.settled();
  calls.length = 0;
  await (await pageLoad()).profileStore.settled();
  expect(tableCalls()).toHaveLength(0);
});
