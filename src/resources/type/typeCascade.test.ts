/** The cascade's summary of what goes: '80 devices, 1 group and 1 firmware', the empty lists left out. */
import { describe, expect, it } from 'vitest';
import { mustGetCategory } from '../../schemas';
import { contentExpectations, contentSummary } from './typeCascade';

const of = (device: number, group: number, firmware: number) => [
  { key: 'device', category: mustGetCategory('device'), count: device },
  { key: 'devices_group', category: mustGetCategory('devices_group'), count: group },
  { key: 'firmware', category: mustGetCategory('firmware'), count: firmware },
];

describe('contentSummary', () => {
  it('names each list that holds something, in the delete order', () => {
    expect(contentSummary(of(80, 1, 1))).toBe('80 devices, 1 group and 1 firmware');
    expect(contentSummary(of(2000, 0, 3))).toBe('2,000 devices and 3 firmwares');
    expect(contentSummary(of(0, 2, 0))).toBe('2 groups');
  });

  it('is empty when the type holds nothing', () => {
    expect(contentSummary(of(0, 0, 0))).toBe('');
  });
});

describe('contentExpectations', () => {
  it('states every count shown, the empty lists too, by content list key', () => {
    expect(contentExpectations(of(80, 0, 1))).toEqual({ device: 80, devices_group: 0, firmware: 1 });
  });
});
