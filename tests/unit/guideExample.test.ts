/**
 * The guide's example (docs/INTEGRATOR.md) is two schema files that load as written and fit the
 * product's registry; the tests' own example categories (tests/fixtures/schemas/) never meet it,
 * so an integrator who adds the guide's categories fails no test.
 */
import { describe, expect, it } from 'vitest';
import { categories, checkRegistry, type Category } from '../../src/schemas';
import { fixtureCategories } from '../fixtures/everyKind';
import { guideCategories, guideFiles, withGuide } from '../fixtures/guideExample';

const guide = await guideCategories();

describe("the guide's example", () => {
  it('is two schema files, each a code block the guide names', () => {
    expect(guideFiles().map((f) => f.path)).toEqual(['src/schemas/site.ts', 'src/schemas/maintenanceVisit.ts']);
  });

  it('loads as written: its categories, added to the registry, pass the start-up check', () => {
    expect(guide.map((c) => c.key)).toEqual(['site', 'maintenance_visit']);
    expect(() => checkRegistry(withGuide(guide))).not.toThrow();
  });
});

/** What two categories may not share in one database: the key (table, routes), the id, a unique rule's name (an index). */
const names = (c: Category) => [`key ${c.key}`, `id ${c.id}`, ...(c.unique ?? []).map((u) => `index ${u.name}`)];

describe("the tests' own example categories", () => {
  it("share no key, id or index name with the guide's example nor with the product's categories", () => {
    const taken = new Set([...guide, ...categories].flatMap(names));
    expect(fixtureCategories.flatMap(names).filter((n) => taken.has(n))).toEqual([]);
  });
});
