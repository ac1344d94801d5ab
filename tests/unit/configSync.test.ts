/**
 * The configuration sync rules as pure functions (server/deviceApi/configSync.ts): the table of
 * docs/DEVICE_API.md, one row per transition, without a database.
 */
import { describe, expect, it } from 'vitest';
import { sentAfter, stateAfterUserWrite, syncOnCheckin, type StoredSync } from '../../server/deviceApi/configSync';

const stored = (configId: number | null, state: StoredSync['state'], lastHistoryId: number | null): StoredSync => ({ configId, state, lastHistoryId });

describe("a user's write", () => {
  it.each([
    ['create without configuration', undefined, {}, null],
    ['create with one', undefined, { config_id: 5 }, 'waiting_to_be_send'],
    ['new configuration', stored(1, 'synchronized', 1), { config_id: 2 }, 'waiting_to_be_send'],
    ["back to the device's (L)", stored(2, 'waiting_to_be_send', 1), { config_id: 1 }, 'synchronized'],
    ['configuration removed', stored(2, 'synchronized', 2), { config_id: null }, null],
    ["conflict, product's chosen", stored(2, 'conflict', 3), { config_state: 'waiting_to_be_send' }, 'waiting_to_be_send'],
    ["conflict, device's chosen", stored(2, 'conflict', 3), { config_id: 3, config_state: 'synchronized' }, 'synchronized'],
    ['same id, state as stored', stored(2, 'synchronized', 2), { config_id: 2, config_state: 'synchronized' }, 'synchronized'],
  ] as const)('%s', (_, s, body, state) => {
    expect(stateAfterUserWrite(s, body)).toEqual({ state });
  });

  it.each([
    ['a waiting state without a conflict', stored(2, 'synchronized', 2), { config_state: 'waiting_to_be_send' }, 'synchronized'],
    ['synchronized for a configuration the device never had', stored(1, 'synchronized', 1), { config_id: 2, config_state: 'synchronized' }, 'waiting_to_be_send'],
    ['a state without configuration', stored(1, 'synchronized', 1), { config_id: null, config_state: 'conflict' }, null],
    ['conflict resolved to synchronized without taking L', stored(2, 'conflict', 3), { config_state: 'synchronized' }, 'conflict'],
  ] as const)('refuses %s', (_, s, body, computed) => {
    expect(stateAfterUserWrite(s, body)).toEqual({ refused: computed });
  });
});

describe('a check-in', () => {
  const product = { value: { a: 1, b: 2 }, source: 'user' as const };
  const last = { value: { a: 0 } };

  it('waiting: the config_id or the configuration (any key order) of P applies it', () => {
    const byId = syncOnCheckin(stored(2, 'waiting_to_be_send', 1), { config_id: 2, config: null }, { product, last });
    expect(byId).toEqual({ state: 'synchronized', adopt: false, history: { configId: 2, source: 'user' }, synced: true, sendProduct: false });
    const byValue = syncOnCheckin(stored(2, 'waiting_to_be_send', 1), { config_id: null, config: { b: 2, a: 1 } }, { product, last });
    expect(byValue.state).toBe('synchronized');
    const idButOther = syncOnCheckin(stored(2, 'waiting_to_be_send', null), { config_id: 2, config: { a: 9 } }, { product });
    expect(idButOther).toMatchObject({ state: 'waiting_to_be_send', sendProduct: true });
  });

  it('waiting: a configuration other than L and P is a conflict; L itself is not', () => {
    expect(syncOnCheckin(stored(2, 'waiting_to_be_send', 1), { config_id: 1, config: { a: 5 } }, { product, last })).toEqual({
      state: 'conflict',
      adopt: false,
      newConfig: { value: { a: 5 } },
      history: { configId: 'new', source: 'device' },
      synced: false,
      sendProduct: false,
    });
    expect(syncOnCheckin(stored(2, 'waiting_to_be_send', 1), { config_id: 1, config: { a: 0 } }, { product, last })).toMatchObject({
      state: 'waiting_to_be_send',
      sendProduct: true,
    });
  });

  it('synchronized or never configured: a different configuration is adopted, an equal one changes nothing', () => {
    expect(syncOnCheckin(stored(2, 'synchronized', 2), { config_id: 2, config: { a: 7 } }, { product })).toMatchObject({ state: 'synchronized', adopt: true, synced: true });
    expect(syncOnCheckin(stored(null, null, null), { config_id: null, config: 0 }, {})).toMatchObject({ state: 'synchronized', adopt: true, newConfig: { value: 0 } });
    expect(syncOnCheckin(stored(2, 'synchronized', 2), { config_id: 2, config: { b: 2, a: 1 } }, { product })).toEqual({
      state: 'synchronized',
      adopt: false,
      synced: false,
      sendProduct: false,
    });
  });

  it('conflict: a change from L is recorded, L again is not; nothing is sent', () => {
    expect(syncOnCheckin(stored(2, 'conflict', 3), { config_id: null, config: { a: 8 } }, { product, last })).toMatchObject({ state: 'conflict', adopt: false, sendProduct: false, history: { configId: 'new' } });
    expect(syncOnCheckin(stored(2, 'conflict', 3), { config_id: null, config: { a: 0 } }, { product, last })).toEqual({ state: 'conflict', adopt: false, synced: false, sendProduct: false });
  });

  it("conflict: P's configuration (any key order) or P's config_id alone ends it like an applied P", () => {
    const applied = { state: 'synchronized', adopt: false, history: { configId: 2, source: 'user' }, synced: true, sendProduct: false };
    expect(syncOnCheckin(stored(2, 'conflict', 3), { config_id: null, config: { b: 2, a: 1 } }, { product, last })).toEqual(applied);
    expect(syncOnCheckin(stored(2, 'conflict', 3), { config_id: 2, config: null }, { product, last })).toEqual(applied);
    expect(syncOnCheckin(stored(2, 'conflict', 3), { config_id: 3, config: null }, { product, last })).toMatchObject({ state: 'conflict', synced: false });
  });

  it('nothing reported: nothing changes, a waiting configuration is sent again', () => {
    expect(syncOnCheckin(stored(2, 'waiting_to_be_send', 1), { config_id: null, config: null }, { product, last })).toMatchObject({ state: 'waiting_to_be_send', sendProduct: true });
    expect(syncOnCheckin(stored(2, 'synchronized', 2), { config_id: null, config: null }, { product })).toMatchObject({ state: 'synchronized', adopt: false, synced: false });
  });

  describe('the device holds C, sent before a user saved again or went back', () => {
    const named = { value: { a: 5 }, source: 'user' as const };
    const holdsC = { product, last, named };
    const sentC = (configId: number, state: StoredSync['state'], lastHistoryId: number | null): StoredSync => ({ configId, state, lastHistoryId, sentId: 7 });

    it('waiting for a newer save: C is recorded as what it holds, P is still sent, no conflict', () => {
      const changes = syncOnCheckin(sentC(2, 'waiting_to_be_send', 1), { config_id: 7, config: { a: 5 } }, holdsC);
      expect(changes).toEqual({ state: 'waiting_to_be_send', adopt: false, history: { configId: 7, source: 'user' }, synced: false, sendProduct: true });
      expect(sentAfter(sentC(2, 'waiting_to_be_send', 1), changes)).toBe(2);
    });

    it('synchronized after a user went back: P is sent again, nothing adopted; by its id alone the same', () => {
      for (const config of [{ a: 5 }, null]) {
        expect(syncOnCheckin(sentC(1, 'synchronized', 1), { config_id: 7, config }, holdsC)).toMatchObject({ state: 'waiting_to_be_send', adopt: false, sendProduct: true, history: { configId: 7 } });
      }
    });

    it('not the one last sent (held before, or never sent): a local change back to it, adopted as any other', () => {
      const heldAfter = { product: { value: { a: 9 }, source: 'device' as const }, last: { value: { a: 9 } }, named };
      for (const sentId of [null, 3]) {
        expect(syncOnCheckin({ ...stored(8, 'synchronized', 8), sentId }, { config_id: 7, config: { a: 5 } }, heldAfter)).toMatchObject({ state: 'synchronized', adopt: true, history: { configId: 'new' } });
      }
    });

    it("a configuration that is not C's, or a conflict, follows the other rules", () => {
      expect(syncOnCheckin(sentC(2, 'waiting_to_be_send', 1), { config_id: 7, config: { a: 6 } }, holdsC)).toMatchObject({ state: 'conflict', history: { configId: 'new' } });
      expect(syncOnCheckin(sentC(2, 'conflict', 3), { config_id: 7, config: { a: 5 } }, holdsC)).toMatchObject({ state: 'conflict', history: { configId: 'new' } });
    });
  });

  it('what was sent: P while the answers carry it, cleared once the device reports holding a configuration', () => {
    const waiting = { ...stored(2, 'waiting_to_be_send', 1), sentId: null };
    expect(sentAfter(waiting, syncOnCheckin(waiting, { config_id: null, config: null }, { product, last }))).toBe(2);
    const synced = syncOnCheckin({ ...waiting, sentId: 2 }, { config_id: 2, config: null }, { product, last });
    expect(sentAfter({ ...waiting, sentId: 2 }, synced)).toBeNull();
    const quiet = { ...stored(2, 'synchronized', 2), sentId: null };
    expect(sentAfter(quiet, syncOnCheckin(quiet, { config_id: 2, config: null }, { product }))).toBeNull();
  });
});
