// @vitest-environment node
/** The custom label template language: Python string.Template's $key, ${key} and $$, over LABEL_KEYS only, substituted once. */
import { describe, expect, it } from 'vitest';
import { LABEL_KEYS, type LabelKey } from '../../src/custom/labels';
import { ownMessages } from '../../src/messages';
import { labelValues } from '../../server/labels/render';
import { parseTemplate, substitute } from '../../server/labels/template';

const values = labelValues({
  ...(Object.fromEntries(LABEL_KEYS.map((k) => [k, `<${k}>`])) as Record<LabelKey, string>),
  name: 'd&1 "$team_name" ${id} $$',
  qr_svg: '<svg viewBox="0 0 1 1"/>',
});
const fill = (template: string, max = 1_000_000) => substitute(parseTemplate(template), values, max);

describe('parseTemplate and substitute', () => {
  it('replaces $key and ${key}, the longest name after $, and $$ by $', () => {
    expect(fill('$id.${id}x $$id $$$id')).toBe('&lt;id&gt;.&lt;id&gt;x $id $&lt;id&gt;');
    expect(fill('no keys at all')).toBe('no keys at all');
    expect(fill('$$')).toBe('$');
  });

  it('escapes every value for XML, qr_svg excepted, and never reads a value as a template', () => {
    expect(fill('$name')).toBe('d&amp;1 &quot;$team_name&quot; ${id} $$');
    expect(fill('${qr_svg}')).toBe('<svg viewBox="0 0 1 1"/>');
  });

  it('refuses names outside LABEL_KEYS, inherited ones and other cases included, at the line and column of their $', () => {
    for (const [template, key, line, column] of [
      ['$constructor', 'constructor', 1, 1],
      ['ab\n  ${__proto__}', '__proto__', 2, 3],
      ['$toString', 'toString', 1, 1],
      ['$hasOwnProperty', 'hasOwnProperty', 1, 1],
      ['$NAME', 'NAME', 1, 1],
      ['$name_of_uid2', 'name_of_uid2', 1, 1],
      ['x\n\n$_', '_', 3, 1],
    ] as const) {
      expect(() => parseTemplate(template), template).toThrow(ownMessages.labelUnknownKey(key, line, column, LABEL_KEYS));
    }
  });

  it("refuses a '$' followed by no name, '{' or '$', and a '${' without a name and '}'", () => {
    for (const [template, line, column] of [['$', 1, 1], ['a $ b', 1, 3], ['$1', 1, 1], ['\n $-', 2, 2], ['$é', 1, 1]] as const) {
      expect(() => parseTemplate(template), template).toThrow(ownMessages.labelBadDollar(line, column));
    }
    for (const template of ['${name', '${}', '${ name}', '${name }', '${1}', '${name.x}']) {
      expect(() => parseTemplate(template), template).toThrow(ownMessages.labelUnclosedBrace(1, 1));
    }
  });

  it('stops a result that would exceed the size limit', () => {
    expect(() => fill('$qr_svg'.repeat(10), 100)).toThrow(ownMessages.labelResultTooLarge(100));
  });

  it('reads values only from an object without a prototype', () => {
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(Object.keys(values).sort()).toEqual([...LABEL_KEYS].sort());
  });
});
