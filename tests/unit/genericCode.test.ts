/**
 * Generic code never names a category (docs/ARCHITECTURE.md): what is particular to one lives in
 * its schema file or a named override. Checked over the source text of every generic folder, so
 * a file added there is checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categories } from '../../src/schemas';

const root = join(__dirname, '../..');
const GENERIC = [
  'src/resources/list',
  'src/resources/dropdown',
  'src/resources/object',
  'src/resources/inputs',
  'server/crud',
  'server/db',
  'server/files',
];
const GENERIC_FILES = ['src/resources/ListPage.tsx', 'src/dataProvider/dataProvider.ts', 'src/dataProvider/listQuery.ts', 'src/dataProvider/upload.ts'];

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const files = [...GENERIC.flatMap(sources), ...GENERIC_FILES];

// A category key (or its reference field, `<key>_id`) as a string literal.
const named = new RegExp(`['"\`](${categories.map((c) => c.key).join('|')})(_id)?['"\`]`);
// The scopes of defineCategory ('team', 'user') share their words with two categories: comparing
// a category's scope names a scope, not a category.
const scopeTest = /\bscope\s*[!=]==?\s*['"](team|teamItself|user)['"]|^\s*case\s+['"](team|teamItself|user)['"]\s*:/;

/** Comments say why in words, category names included; only code counts. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('generic code', () => {
  it('covers every generic folder', () => {
    for (const dir of GENERIC) expect(sources(dir).length, dir).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [f]))('%s names no category', (file) => {
    const hits = withoutComments(readFileSync(join(root, file), 'utf8'))
      .split('\n')
      .map((line, i) => ({ at: `${relative(root, join(root, file))}:${i + 1}`, line: line.trim() }))
      .filter(({ line }) => named.test(line) && !scopeTest.test(line));
    expect(hits).toEqual([]);
  });
});
