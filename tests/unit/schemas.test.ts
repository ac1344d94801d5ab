import { describe, expect, it } from 'vitest';
import { categories, getCategory, checkName, checkFirmwareName, checkVersion, checkUid, checkJsonText, checkCustomFields } from '../../src/schemas';
import { messages } from '../../src/messages';
import { onlyThese, SPEC_CATEGORY_IDS, SPEC_MENU } from '../specRegistry';

describe('the category registry', () => {
  it('holds every category of spec section 3 with its numeric id and path segment', () => {
    const ids = Object.fromEntries(categories.map((c) => [c.key, c.id]));
    expect(ids).toMatchObject(SPEC_CATEGORY_IDS);
  });

  it('declares the common fields for named objects', () => {
    for (const key of ['device', 'devices_group', 'type', 'firmware']) {
      const c = getCategory(key)!;
      for (const f of ['id', 'name', 'team_id', 'notes', 'icon']) expect(c.columns, `${key}.${f}`).toContain(f);
    }
  });

  it('is consistent: references, lists, lookups, summaries and unique rules name real things', () => {
    for (const c of categories) {
      for (const [name, f] of Object.entries(c.fields)) {
        if (f.kind === 'ref') expect(getCategory(f.ref!), `${c.key}.${name} -> ${f.ref}`).toBeDefined();
      }
      for (const s of c.summary) expect(c.columns, `${c.key} summary ${s}`).toContain(s);
      for (const u of c.unique ?? []) for (const f of u.fields) expect(c.columns, `${c.key} unique ${f}`).toContain(f);
      for (const [key, e] of Object.entries(c.expansions ?? {})) {
        expect(c.fields[e.field]?.kind, `${c.key}.${key}`).toBe('ref');
      }
      const reverse = [...Object.values(c.lists ?? {}), ...Object.values(c.counts ?? {})];
      for (const l of reverse) {
        const other = getCategory(l.category);
        expect(other, `${c.key} -> ${l.category}`).toBeDefined();
        expect(other!.fields[l.via]?.ref, `${l.category}.${l.via}`).toBe(c.key);
      }
    }
  });

  it('gives the spec menu order: Devices, Firmwares, Types, Groups, Teams, Documents', () => {
    const menu = categories
      .filter((c) => c.console?.menu)
      .sort((a, b) => a.console!.menu!.order - b.console!.menu!.order)
      .map((c) => c.console!.list);
    const specPaths = SPEC_MENU.map(([, path]) => path);
    expect(onlyThese(menu, specPaths)).toEqual(specPaths);
  });
});

describe('validation rules (spec section 5)', () => {
  it('checks names', () => {
    expect(checkName('')).toBe(messages.nameEmpty);
    expect(checkName('   ')).toBe(messages.nameEmpty);
    expect(checkName(undefined)).toBe(messages.nameEmpty);
    expect(checkName('Sensor_01 v.2-b')).toBeUndefined();
    expect(checkName('Capteur été')).toBeUndefined();
    expect(checkName('bad/name')).toBe(messages.nameNotValid);
    expect(checkFirmwareName('fw<script>')).toBe(messages.firmwareNameChars);
    expect(checkFirmwareName('fw-1.0_final')).toBeUndefined();
  });

  it('checks versions', () => {
    expect(checkVersion('  ')).toBe(messages.versionEmpty);
    expect(checkVersion('1.2')).toBe(messages.versionNotSemver);
    expect(checkVersion('1.2.3-rc.1')).toBeUndefined();
  });

  it('checks the unique ID by type, JSON text and custom fields', () => {
    expect(checkUid('')).toBe(messages.uidEmpty);
    expect(checkUid('SN-1')).toBeUndefined();
    expect(checkJsonText('{"a":1}')).toBeUndefined();
    expect(checkJsonText('{a:1}')).toBe(messages.configNotJson);
    expect(checkCustomFields([{ name: 'color', type: 0, value: 'red' }], 'Custom fields')).toBeUndefined();
    expect(checkCustomFields([{ name: 'x', type: 7 }], 'Custom fields')).toBeDefined();
    expect(checkCustomFields('nope', 'Custom fields')).toBeDefined();
  });
});
