import { describe, expect, it } from 'vitest';
import { categories, defineCategory, mustGetCategory, type Category } from '../../src/schemas';
import { deriveConsoleRoutes, menuEntries, objectHref, objectRoutes } from '../../src/resources/consoleRoutes';
import { onlyThese, SPEC_CATEGORY_ROUTES, SPEC_MENU } from '../specRegistry';

const routes = deriveConsoleRoutes(categories);
const byPath = new Map(routes.map((r) => [r.path, r]));

describe('routes derived from the registry (spec section 2)', () => {
  it('include every route of the spec', () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining([...SPEC_CATEGORY_ROUTES]));
  });

  it('give each route its mode and category', () => {
    expect(byPath.get('/devices')).toMatchObject({ mode: 'table', category: { key: 'device' } });
    expect(byPath.get('/group_edit')).toMatchObject({ mode: 'edit', category: { key: 'devices_group' } });
    expect(byPath.get('/type_new')).toMatchObject({ mode: 'new', category: { key: 'type' } });
    expect(byPath.get('/documents_collection_view')).toMatchObject({ mode: 'view', category: { key: 'documents_collection' } });
  });

  it('serve a shared route once, owned by the category with the menu entry', () => {
    const documents = byPath.get('/documents')!;
    expect(documents.category.key).toBe('basic_document');
    expect(documents.categories.map((c) => c.key)).toEqual(['basic_document', 'documents_collection']);
    expect(byPath.get('/document_new')!.categories.map((c) => c.key)).toEqual(['basic_document', 'documents_collection']);
  });

  it('give list-only and screenless categories no object routes', () => {
    expect(objectRoutes(mustGetCategory('team'))).toBeUndefined();
    expect(objectRoutes(mustGetCategory('user'))).toBeUndefined();
    expect(objectRoutes(mustGetCategory('device'))).toEqual({ new: '/device_new', view: '/device_view', edit: '/device_edit' });
    expect([...byPath.keys()].some((p) => p.startsWith('/team_'))).toBe(false);
  });

  it('pick up a new category from its declaration alone', () => {
    const gadget = defineCategory({
      key: 'gadget',
      id: 99,
      singular: 'gadget',
      title: 'Gadget',
      plural: 'Gadgets',
      scope: 'team',
      permissions: { create: 'teamAdmin', update: 'teamAdmin', delete: 'teamAdmin' },
      fields: {},
      summary: ['id'],
      console: { list: '/gadgets', listKind: 'table', base: 'gadget', menu: { order: 7 } },
    });
    const extended = deriveConsoleRoutes([...categories, gadget]).map((r) => r.path);
    expect(extended).toEqual(expect.arrayContaining(['/gadgets', '/gadget_new', '/gadget_view', '/gadget_edit']));
    expect(menuEntries([...categories, gadget]).map((e) => e.label)).toContain('Gadgets');
    // The spec's entries are all still there, in their order: the registry may grow.
    expect(onlyThese(menuEntries([...categories, gadget]).map((e) => [e.label, e.path] as const), SPEC_MENU)).toEqual(SPEC_MENU);
  });

  it('refuse one path declared with two modes', () => {
    const clash = { ...mustGetCategory('type'), key: 'clash', console: { list: '/device_new', listKind: 'list', base: 'clash' } } as Category;
    expect(() => deriveConsoleRoutes([...categories, clash])).toThrow(/declared as/);
  });
});

describe('side menu', () => {
  it('lists Devices, Firmwares, Types, Groups, Teams, Documents in that order', () => {
    const entries = menuEntries(categories).map((e) => [e.label, e.path] as const);
    expect(onlyThese(entries, SPEC_MENU)).toEqual(SPEC_MENU);
  });

  it("has Users for server administrators only, after the spec's entries", () => {
    const entries = menuEntries(categories);
    expect(entries.filter((e) => e.serverAdminOnly).map((e) => [e.label, e.path])).toEqual([['Users', '/users']]);
    // After each of the spec's entries; an integrator's categories may come before or after it.
    const labels = entries.map((e) => e.label);
    expect(Math.max(...SPEC_MENU.map(([label]) => labels.indexOf(label)))).toBeLessThan(labels.indexOf('Users'));
  });
});

describe('objectHref', () => {
  it('puts the id in the query', () => {
    expect(objectHref('/device_view', 3)).toBe('/device_view?id=3');
    expect(objectHref('/device_view', 'a b')).toBe('/device_view?id=a%20b');
  });
});
