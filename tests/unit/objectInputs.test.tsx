/** Small rules of the generic inputs (src/resources/inputs). */
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { textAreaRows } from '../../src/resources/inputs/TextAreaInput';
import { jsonText, parseJsonText } from '../../src/resources/inputs/JsonFieldInput';
import { parseNumber } from '../../src/resources/inputs/NumberFieldInput';
import { readImageFile } from '../../src/resources/inputs/readImageFile';
import { inputKind } from '../../src/resources/inputs/inputKind';

describe('generic inputs', () => {
  it('text areas have 1 row when empty and 5 otherwise (spec section 2)', () => {
    expect(textAreaRows('')).toBe(1);
    expect(textAreaRows(null)).toBe(1);
    expect(textAreaRows('x')).toBe(5);
  });

  it('JSON text: empty is null, invalid text is refused, values round-trip', () => {
    expect(parseJsonText('  ')).toEqual({ value: null });
    expect(parseJsonText('{"a":1}')).toEqual({ value: { a: 1 } });
    expect(parseJsonText('{a:1}')).toBeUndefined();
    expect(jsonText(null)).toBe('');
    expect(parseJsonText(jsonText({ b: [1, 2] }))).toEqual({ value: { b: [1, 2] } });
  });

  it('numbers: empty is null, numbers of the kind are numbers, anything else stays text for the rules', () => {
    const whole = parseNumber(true);
    expect(whole('')).toBeNull();
    expect(whole('42')).toBe(42);
    expect(whole('4.5')).toBe('4.5');
    const decimal = parseNumber(false);
    expect(decimal('4.5')).toBe(4.5);
    expect(decimal('-0.25')).toBe(-0.25);
    expect(decimal('abc')).toBe('abc');
  });

  it('the input kind comes from the declaration, else from the field kind', () => {
    const firmware = mustGetCategory('firmware');
    expect(inputKind(firmware.fields.is_disabled)).toBe('switch');
    expect(inputKind(firmware.fields.type_id)).toBe('select');
    expect(inputKind(firmware.fields.version)).toBe('text');
    expect(inputKind(firmware.fields.date)).toBe('datetime');
  });
});

describe('icon files', () => {
  it('are read into a data URL', async () => {
    const file = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });
    expect(await readImageFile(file, 1000)).toEqual({ dataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
  });

  it('are declared as what their bytes are, and never SVG', async () => {
    const pngNamedJpeg = new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/jpeg' });
    expect(await readImageFile(pngNamedJpeg, 1000)).toEqual({ dataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' });
    expect(await readImageFile(svg, 1000)).toEqual({ error: ownMessages.iconNotImage });
  });

  it('must be images, and small', async () => {
    expect(await readImageFile(new Blob(['x'], { type: 'text/plain' }), 1000)).toEqual({ error: ownMessages.iconNotImage });
    expect(await readImageFile(new Blob([new Uint8Array(3000)], { type: 'image/png' }), 3000)).toEqual({ error: ownMessages.iconTooLarge(2) });
  });
});
