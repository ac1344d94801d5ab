/**
 * Spec section 2: a label's translation is a number of inches, and an invalid one becomes 0. The
 * console and the server read it with the same function (src/custom/labels.ts).
 */
import { describe, expect, it } from 'vitest';
import { translationInches } from '../../src/custom/labels';

describe('translationInches', () => {
  it('reads decimal numbers as people type them', () => {
    expect([' 1.25 ', '-0.1', '+2', '.5', '3.', '0', '100', '-100'].map(translationInches)).toEqual([1.25, -0.1, 2, 0.5, 3, 0, 100, -100]);
  });

  it('makes anything else 0, and a move of more than 100 inches', () => {
    const invalid = ['', '  ', 'two', '1,5', '0x10', '0b11', '1e3', 'Infinity', 'NaN', '1.2.3', '--1', null, undefined, '9'.repeat(400), '1' + '0'.repeat(308), '100.5', '-101'];
    expect(invalid.map(translationInches)).toEqual(invalid.map(() => 0));
  });
});
