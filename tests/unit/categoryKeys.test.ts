/**
 * A category key written in code is checked by the compiler (npm run typecheck runs this file's
 * `@ts-expect-error` lines: each fails the check if the typing loosens); vitest runs the runtime half.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineCategory, mustGetCategory, getCategory, type CategoryKey, type UnknownKeys } from '../../src/schemas';
import { device } from '../../src/schemas/device';
import { type } from '../../src/schemas/type';
import { registry } from '../../server/registry';
import { serverRegistry } from '../../server/crud/registry';
import { site } from '../fixtures/schemas/site';
import { maintenanceVisit } from '../fixtures/schemas/maintenanceVisit';
import type { ResourceOverride } from '../../src/resources/overrides';
import type { DropdownProps } from '../../src/resources/dropdown/picker';

const typo = defineCategory({
  key: 'typo',
  id: 120,
  singular: 'typo',
  title: 'Typo',
  plural: 'Typos',
  scope: 'team',
  permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
  fields: { name: { kind: 'text', label: 'Name' }, type_id: { kind: 'ref', ref: 'tpye', label: 'Type' } },
  summary: ['name'],
  lists: { devices: { category: 'devce', via: 'typo_id' } },
  deleteWithContent: ['device'],
});

describe('category keys', () => {
  it("the console's lookups take a registry key written in code, any string read at run time", () => {
    expect(mustGetCategory('device').key).toBe('device');
    // @ts-expect-error 'devce' is no key of the registry
    expect(() => mustGetCategory('devce')).toThrow("Unknown category 'devce'");
    // @ts-expect-error 'devce' is no key of the registry
    expect(getCategory('devce')).toBeUndefined();
    const fromRoute: string = 'devce';
    expect(getCategory(fromRoute)).toBeUndefined();
  });

  it("a picker's category: a registry key written in code, any string read at run time", () => {
    expectTypeOf<DropdownProps<'type'>['category']>().toEqualTypeOf<'type'>();
    // <Dropdown category="tpye" /> asks for one of the registry's keys.
    expectTypeOf<DropdownProps<'tpye'>['category']>().toEqualTypeOf<CategoryKey>();
    expectTypeOf<DropdownProps['category']>().toEqualTypeOf<string>();
  });

  it("the server's registry takes the product's keys; a test's registry its own", () => {
    expect(registry.get('type').key).toBe('type');
    // @ts-expect-error 'devce' is no key of the registry
    expect(() => registry.get('devce')).toThrow("Unknown category 'devce'");
    const withFixtures = serverRegistry([...registry.categories, site, maintenanceVisit]);
    expect(withFixtures.get('fixture_visit').key).toBe('fixture_visit');
  });

  it('a declaration naming a key the registry lacks is found by the compiler', () => {
    expectTypeOf<UnknownKeys<typeof device | typeof type, CategoryKey>>().toBeNever();
    expectTypeOf<UnknownKeys<typeof typo, CategoryKey>>().toEqualTypeOf<'tpye' | 'devce' | 'device'>();
    expect(typo.key).toBe('typo');
  });

  it("an override's field inputs and own lists are its category's", () => {
    const Input = () => null;
    const device: ResourceOverride<'device'> = { fieldInputs: { last_seen: Input } };
    // @ts-expect-error 'last_sen' is no field of a device
    const typo: ResourceOverride<'device'> = { fieldInputs: { last_sen: Input } };
    const group: ResourceOverride<'devices_group'> = { ownLists: ['devices'] };
    // @ts-expect-error a group's list of its devices is 'devices'
    const list: ResourceOverride<'devices_group'> = { ownLists: ['device'] };
    // The generic screens read any override, its inputs by a field's name read at run time.
    const anyOverride: ResourceOverride = device;
    const name: string = 'last_seen';
    expect(anyOverride.fieldInputs?.[name]).toBe(Input);
    expect([typo, group, list].map((o) => Object.keys(o))).toEqual([['fieldInputs'], ['ownLists'], ['ownLists']]);
  });
});
