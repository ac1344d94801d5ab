/**
 * Step 2 of the guide ('The registry line'), done to the text of src/schemas/index.ts as an
 * integrator does it by hand: each schema file's import under the registry's last import, and its
 * category's name at the end of the `declared` list. A category already listed is left as it is.
 */
import type { GuideFile } from '../fixtures/guideExample';

const DECLARED_END = /\n(\s*)\] as const satisfies readonly Category\[\];/;

export function registryLines(index: string, files: readonly GuideFile[]): string {
  const lines = index.split('\n');
  const lastImport = lines.findLastIndex((l) => /^import .* from '\.\/\w+';$/.test(l));
  const declaredStart = lines.findIndex((l) => /^const declared = \[$/.test(l));
  if (lastImport < 0 || declaredStart < 0 || !DECLARED_END.test(index)) throw new Error("src/schemas/index.ts has no imports and 'const declared = [ ... ] as const' list as the guide shows");
  const imports: string[] = [];
  const names: string[] = [];
  for (const file of files) {
    const name = /export const (\w+) = defineCategory\(/.exec(file.code)?.[1];
    if (!name) throw new Error(`${file.path} exports no category`);
    const module = file.path.replace(/^src\/schemas\//, './').replace(/\.ts$/, '');
    if (index.includes(`from '${module}';`)) continue;
    imports.push(`import { ${name} } from '${module}';`);
    names.push(name);
  }
  lines.splice(lastImport + 1, 0, ...imports);
  return lines.join('\n').replace(DECLARED_END, (end, indent: string) => `${names.map((n) => `\n${indent}  ${n},`).join('')}${end}`);
}
