/**
 * Heavy work (server/http/heavyWork.ts) learns a call's cost by its shape, and remembers a bounded
 * number of shapes. A shape not seen yet is light: were a heavy shape forgotten as any other, a
 * client could answer itself 1,000 cheap calls of new shapes (a list's filters in every
 * combination) and then run its heavy call unbounded again, over and over.
 */
import { describe, expect, it } from 'vitest';
import { HEAVY_BYTES, HEAVY_DB_MS, heavyWork } from '../../server/http/heavyWork';

describe('the shapes heavy work remembers', () => {
  it('keeps a heavy shape (by size or by database time) while many light shapes come and go', () => {
    const work = heavyWork(1);
    work.answered('GET /api/full/device  ', 4 * HEAVY_BYTES, 0);
    work.answered('GET /api/full/type  ', 300, 4 * HEAVY_DB_MS);
    for (let i = 0; i < 5000; i++) work.answered(`GET /api/device  light${i}`, 300, 1);
    expect(work.isHeavy('GET /api/full/device  ')).toBe(true);
    expect(work.isHeavy('GET /api/full/type  ')).toBe(true);
  });

  it('forgets the shapes answered longest ago, so that memory stays bounded', () => {
    const work = heavyWork(1);
    for (let i = 0; i < 5000; i++) work.answered(`GET /api/full/device  heavy${i}`, 4 * HEAVY_BYTES, 0);
    expect(work.isHeavy('GET /api/full/device  heavy0')).toBe(false);
    expect(work.isHeavy('GET /api/full/device  heavy4999')).toBe(true);
  });
});
