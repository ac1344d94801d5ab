/** The cascade delete's sequencing: order, progress, and the stop at the first failure. */
import { describe, expect, it, vi } from 'vitest';
import { cascadeSteps, contentCount, deleteSequentially, type DeletionStep } from './typeCascade';

const type = {
  id: 3,
  name: 'Sensor',
  firmware: [{ id: 30, name: 'core', version: '1.0.0' }],
  devices_group: [{ id: 20, name: 'Field' }, { id: 21, name: 'Lab' }],
  device: [{ id: 10, name: 'd1' }, { id: 11, name: 'd2' }],
};

describe('cascadeSteps', () => {
  it('lists devices, then groups, then firmwares, then the type itself', () => {
    expect(cascadeSteps('type', type).map((s) => `${s.category}:${s.id}`)).toEqual([
      'device:10',
      'device:11',
      'devices_group:20',
      'devices_group:21',
      'firmware:30',
      'type:3',
    ]);
    expect(cascadeSteps('type', type)[0].name).toBe('d1');
  });

  it('is the type alone when it has no content, or when the lists are missing', () => {
    expect(cascadeSteps('type', { id: 3, name: 'Empty', device: [], devices_group: [], firmware: [] })).toEqual([
      { category: 'type', id: 3, name: 'Empty' },
    ]);
    expect(cascadeSteps('type', { id: 4 })).toEqual([{ category: 'type', id: 4, name: '' }]);
  });

  it('counts the content', () => {
    expect(contentCount(type)).toBe(5);
    expect(contentCount({ id: 1 })).toBe(0);
  });
});

describe('deleteSequentially', () => {
  const steps: DeletionStep[] = cascadeSteps('type', type);

  it('deletes one at a time, in order, telling the progress before each', async () => {
    const log: string[] = [];
    let running = 0;
    const remove = vi.fn(async (s: DeletionStep) => {
      running++;
      expect(running).toBe(1);
      await new Promise((r) => setTimeout(r, 1));
      log.push(`${s.category}:${s.id}`);
      running--;
    });
    const progress: string[] = [];
    const result = await deleteSequentially(steps, remove, (n, total) => progress.push(`${n}/${total}`));
    expect(result).toEqual({ ok: true, done: 6 });
    expect(log).toEqual(steps.map((s) => `${s.category}:${s.id}`));
    expect(progress).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
  });

  it('stops at the first failure and tries nothing after it', async () => {
    const error = new Error('in use');
    const remove = vi.fn(async (s: DeletionStep) => {
      if (s.id === 20) throw error;
    });
    const result = await deleteSequentially(steps, remove);
    expect(result).toEqual({ ok: false, done: 2, failed: steps[2], error });
    expect(remove).toHaveBeenCalledTimes(3);
    expect(remove.mock.calls.map(([s]) => s.id)).toEqual([10, 11, 20]);
  });

  it('never deletes the type when a content deletion failed', async () => {
    const remove = vi.fn(async (s: DeletionStep) => {
      if (s.category === 'firmware') throw new Error('no');
    });
    await deleteSequentially(steps, remove);
    expect(remove.mock.calls.some(([s]) => s.category === 'type')).toBe(false);
  });
});
