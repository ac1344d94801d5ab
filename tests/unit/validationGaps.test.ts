/**
 * The shared rules of issue 12, item 7, as the console runs them: icons checked by content, names
 * checked as they will be stored, and the existing-names check comparing look-alike keys as the
 * server does (tests/api/validationGaps.test.ts holds the server's side).
 */
import { describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { checkIcon, checkName } from '../../src/schemas/rules';
import { dataUrlImage } from '../../src/schemas/imageKind';
import { uniqueValue } from '../../src/schemas/lookalike';
import { acceptedValues } from '../../src/schemas/compile';
import { validateObject } from '../../src/resources/object/validation';

const b64 = (bytes: readonly number[] | string) => Buffer.from(typeof bytes === 'string' ? bytes : Uint8Array.from(bytes)).toString('base64');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48];

describe('icons', () => {
  it('are read by their bytes', () => {
    expect(dataUrlImage(`data:image/png;base64,${b64(PNG)}`)).toEqual({ mediaType: 'image/png', kind: 'png' });
    expect(dataUrlImage(`data:image/svg+xml;base64,${b64('<svg/>')}`)).toEqual({ mediaType: 'image/svg+xml', kind: undefined });
    expect(dataUrlImage('data:image/png,not-base64')).toBeUndefined();
    expect(dataUrlImage('javascript:alert(1)')).toBeUndefined();
  });

  it('are raster images declared as what they are', () => {
    expect(checkIcon(`data:image/png;base64,${b64(PNG)}`, 'Icon')).toBeUndefined();
    expect(checkIcon(null, 'Icon')).toBeUndefined();
    expect(checkIcon(`data:image/gif;base64,${b64(PNG)}`, 'Icon')).toBe(ownMessages.iconNotRaster('Icon'));
    expect(checkIcon(`data:image/svg+xml;base64,${b64('<svg/>')}`, 'Icon')).toBe(ownMessages.iconNotRaster('Icon'));
    expect(checkIcon('https://example.com/a.png', 'Icon')).toBe(ownMessages.iconNotDataUrl('Icon'));
  });
});

describe('names', () => {
  it('are checked and stored trimmed and composed', () => {
    expect(checkName('Cafe\u0301')).toBeUndefined();
    const type = mustGetCategory('type');
    expect(acceptedValues(type, { name: '  Cafe\u0301 ', notes: '  kept  ' })).toEqual({ name: 'Caf\u00e9', notes: '  kept  ' });
  });

  it('clash in the console as on the server: by look-alike key', () => {
    const device = mustGetCategory('device');
    expect(uniqueValue(device.fields.name, '\u0420ump-01')).toBe(uniqueValue(device.fields.name, 'pump-ol'));
    expect(uniqueValue(device.fields.uid_for_type, 'A')).toBe('A');
    const existing = [{ id: 1, name: 'Pump-01', team_id: 1 }];
    const check = (name: string, team_id = 1, record?: Record<string, unknown>) =>
      validateObject({ category: device, fields: ['name', 'team_id'], values: { name, team_id }, existing, record });
    expect(check('\u0420UMP-0l')).toEqual({ name: messages.nameNotUnique('\u0420UMP-0l') });
    expect(check('\u0420UMP-0l', 2)).toEqual({});
    expect(check('Pump-02')).toEqual({});
    // The object's own name in another spelling is its own.
    expect(check('PUMP-01', 1, { id: 1, name: 'Pump-01', team_id: 1 })).toEqual({});
  });
});
