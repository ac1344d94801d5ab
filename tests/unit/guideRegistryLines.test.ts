/**
 * The guide's step 2 as tests/guideWalk/run.ts does it to a copy of src/schemas/index.ts: the
 * guide's imports under the registry's last import, its categories at the end of `declared`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guideFiles } from '../fixtures/guideExample';
import { registryLines } from '../guideWalk/registryLines';

const index = readFileSync(new URL('../../src/schemas/index.ts', import.meta.url), 'utf8');
const files = guideFiles();

describe("the guide's registry lines", () => {
  it("import each of the guide's schema files and list its category last in `declared`", () => {
    const after = registryLines(index, files);
    expect(after).toContain("import { site } from './site';\nimport { maintenanceVisit } from './maintenanceVisit';\n");
    expect(after).toMatch(/\n {2}site,\n {2}maintenanceVisit,\n\] as const satisfies readonly Category\[\];/);
    expect(after.replace(/^import \{ (site|maintenanceVisit) \} .*\n|^ {2}(site|maintenanceVisit),\n/gm, '')).toBe(index);
  });

  it('are added once: a registry that lists them already is left as it is', () => {
    const after = registryLines(index, files);
    expect(registryLines(after, files)).toBe(after);
  });

  it('refuse a registry that has not the shape the guide shows', () => {
    expect(() => registryLines(index.replace('const declared = [', 'const declared: Category[] = ['), files)).toThrow(/as the guide shows/);
  });
});
