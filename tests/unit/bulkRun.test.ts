/**
 * Bulk actions on a table's selection (issue 13 item 3): the calls run in turn and stop at the first
 * failure, naming it, with what was done kept; the device actions say what they will do before
 * doing it, and refuse an individual firmware for devices in a group with the spec's message;
 * 'Export selected' is one CSV file however many ids are asked for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInTurn } from '../../src/resources/list/runInTurn';
import { firmwareRefusal, movePlan, commonTypeAndTeam, type DeviceFacts } from '../../src/resources/device/bulkDevices';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { IDS_PER_READ } from '../../src/resources/list/selectedRows';
import { fetchSelectedCsv } from '../../src/resources/list/ExportSelectedButton';
import { installFetch } from './fetchMock';

describe('runInTurn', () => {
  it('runs every item in order and reports progress after each', async () => {
    const seen: string[] = [];
    const progress: [number, number][] = [];
    const result = await runInTurn(['a', 'b', 'c'], async ([item]) => void seen.push(item), (done, total) => progress.push([done, total]));
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(progress).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
    expect(result).toEqual({ done: 3, total: 3 });
  });

  it('stops at the first failure: the ones before stay done, the failed one and the rest are not tried', async () => {
    const tried: number[] = [];
    const refusal = new Error('refused');
    const result = await runInTurn([1, 2, 3, 4, 5], async ([n]) => {
      tried.push(n);
      if (n === 3) throw refusal;
    });
    expect(tried).toEqual([1, 2, 3]);
    expect(result.done).toBe(2);
    expect(result.total).toBe(5);
    expect(result.failure).toEqual({ item: 3, index: 2, error: refusal });
  });

  it('in batches: one call per batch, progress after each, a refused batch and the ones after it not done', async () => {
    const calls: number[][] = [];
    const progress: [number, number][] = [];
    const items = [1, 2, 3, 4, 5, 6, 7];
    const ok = await runInTurn(items, async (batch) => void calls.push([...batch]), (done, total) => progress.push([done, total]), 3);
    expect(calls).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(progress).toEqual([[0, 7], [3, 7], [6, 7], [7, 7]]);
    expect(ok).toEqual({ done: 7, total: 7 });
    const refusal = new Error('refused');
    const stopped = await runInTurn(items, async (batch) => {
      if (batch.includes(5)) throw refusal;
    }, undefined, 3);
    expect(stopped).toEqual({ done: 3, total: 7, failure: { item: 4, index: 3, error: refusal } });
  });

  it('an empty selection is done at once', async () => {
    expect(await runInTurn([], async () => {})).toEqual({ done: 0, total: 0 });
  });
});

const device = (id: number, group?: [number, string], type = 1, firmware: number | null = null): DeviceFacts => ({
  id,
  name: `Dev ${id}`,
  team_id: 1,
  type_id: type,
  group_id: group?.[0] ?? null,
  groupName: group?.[1] ?? '',
  target_firmware_id: firmware,
});

const south = { id: 9, name: 'Greenhouse South', target_firmware_id: 40, firmwareLabel: 'fw (2.0.0)' };

describe('device bulk plans', () => {
  it('says how many devices leave each group and how many join, and leaves out those already in it', () => {
    const devices = [
      ...Array.from({ length: 12 }, (_, i) => device(i + 1, [7, 'Greenhouse North'])),
      ...Array.from({ length: 17 }, (_, i) => device(i + 20)),
      device(50, [9, 'Greenhouse South']),
    ];
    const plan = movePlan(devices, south);
    expect(plan.lines).toEqual([
      '12 devices will leave Greenhouse North',
      '29 devices will join Greenhouse South',
      '1 device already in Greenhouse South: unchanged',
    ]);
    expect(plan.moving.map((d) => d.id)).not.toContain(50);
  });

  it("says how many in no group lose their own target firmware to the group's, or to none", () => {
    const devices = [device(1, undefined, 1, 30), device(2, undefined, 1, 30), device(3, undefined, 1, 40), device(4), device(5, [7, 'North'], 1, 30)];
    expect(movePlan(devices, south).lines).toEqual([
      '1 device will leave North',
      '5 devices will join Greenhouse South',
      "2 devices will lose their own target firmware for the group's: fw (2.0.0)",
    ]);
    expect(movePlan(devices, { ...south, target_firmware_id: null, firmwareLabel: '' }).lines).toContain('3 devices will lose their own target firmware: the group has none');
  });

  it('out of every group (No group): says how many leave which group, and leaves those in no group as they are', () => {
    const plan = movePlan([device(1, [7, 'North']), device(2, [7, 'North']), device(3, [9, 'South']), device(4)], null);
    expect(plan.lines).toEqual(['2 devices will leave North', '1 device will leave South', '1 device in no group: unchanged']);
    expect(plan.moving.map((d) => d.id)).toEqual([1, 2, 3]);
    expect(plan.title).toBe('Taking 3 devices out of their groups');
  });

  it("refuses an individual firmware for devices in a group with the spec's message, naming them", () => {
    expect(firmwareRefusal([device(1), device(2)])).toBeUndefined();
    const refusal = firmwareRefusal([device(1), device(2, [7, 'North']), device(3, [7, 'North'])]);
    expect(refusal).toBe(`${messages.individualFirmwareInGroup}\nIn a group: Dev 2, Dev 3.`);
  });

  it('asks for devices of one type', () => {
    expect(commonTypeAndTeam([device(1), device(2, undefined, 2)])).toEqual({ problem: expect.stringContaining('2 types') });
    expect(commonTypeAndTeam([device(1), device(2)])).toEqual({ team_id: 1, type_id: 1 });
  });
});

describe('countOf', () => {
  it("counts in the category's own names: its singular, and its plural as its list title has it, first letter lowered", () => {
    expect(ownMessages.countOf(1, { singular: 'child', plural: 'Children' })).toBe('1 child');
    expect(ownMessages.countOf(2, { singular: 'child', plural: 'Children' })).toBe('2 children');
    expect(ownMessages.countOf(1200, mustGetCategory('devices_group'))).toBe('1,200 groups');
  });
});

describe('Export selected', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the CSV export for the selected ids a chunk at a time and joins the rows under one header', async () => {
    const ids = Array.from({ length: IDS_PER_READ + 3 }, (_, i) => i + 1);
    const calls = installFetch((call) => {
      const chunk = JSON.parse(call.url.searchParams.get('filter') ?? '{}').id as number[];
      const body = `id,name\r\n${chunk.map((id) => `${id},Dev ${id}\r\n`).join('')}`;
      return new Response(body, { headers: { 'content-disposition': 'attachment; filename="device.csv"' } });
    });
    const file = await fetchSelectedCsv(mustGetCategory('device'), ids);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/download/csv_export/device', '/api/download/csv_export/device']);
    const lines = (await file.blob.text()).trim().split('\r\n');
    expect(lines[0]).toBe('id,name');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(ids);
    expect(file.filename).toBe('device.csv');
  });
});
