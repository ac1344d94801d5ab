// @vitest-environment jsdom
/**
 * A list route's table read, sent by the first script before the console is there
 * (src/dataProvider/earlyRead.ts), is the table's own read when it asks for the same page, and
 * never stands in for another read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { currentRoute, startEarlyRead } from '../../src/dataProvider/earlyRead';
import { sendEarlyRead } from '../../src/dataProvider/http';
import { installFetch, jsonResponse } from './fetchMock';

const dp = createDataProvider();
const page = (sort: string, meta: Record<string, unknown> = { table: true }) =>
  dp.getList('device', { pagination: { page: 1, perPage: 25 }, sort: { field: sort, order: 'ASC' }, filter: {}, meta });

/** The server's answer: a page whose row names which call answered it. */
let answered = 0;
const serve = () => jsonResponse([{ id: 1, name: `answer ${++answered}` }], 200, { 'Content-Range': 'device 0-0/1' });

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/devices');
});
afterEach(() => vi.unstubAllGlobals());

describe('early table read', () => {
  it('sends the page the table read last on this route, and the table takes its answer instead of asking again', async () => {
    const calls = installFetch(serve);
    await page('name');
    startEarlyRead(currentRoute(), sendEarlyRead);
    expect(calls).toHaveLength(2);
    expect(calls[1].url.href).toBe(calls[0].url.href);
    expect(calls[1].headers.get('X-Requested-With')).toBe(calls[0].headers.get('X-Requested-With'));
    const taken = await page('name');
    expect(calls).toHaveLength(2);
    expect(taken.data[0].name).toBe(`answer ${answered}`);
    // Taken once: the next read of the same page asks the server.
    await page('name');
    expect(calls).toHaveLength(3);
  });

  it('drops the early answer when the table asks for another page, and sends nothing for a route it never read', async () => {
    const calls = installFetch(serve);
    await page('name');
    startEarlyRead(currentRoute(), sendEarlyRead);
    await page('last_seen');
    expect(calls.map((c) => JSON.parse(c.url.searchParams.get('sort') ?? '[]')[0])).toEqual(['name', 'name', 'last_seen']);
    await page('name');
    expect(calls).toHaveLength(4);
    window.history.replaceState(null, '', '/firmwares');
    startEarlyRead(currentRoute(), sendEarlyRead);
    expect(calls).toHaveLength(4);
  });

  it('is never taken by a read that is not the table of its route', async () => {
    const calls = installFetch(serve);
    await page('name');
    startEarlyRead(currentRoute(), sendEarlyRead);
    await page('name', {});
    expect(calls).toHaveLength(3);
    await page('name');
    expect(calls).toHaveLength(3);
  });
});
