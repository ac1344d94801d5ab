/**
 * The object screen's sections (src/resources/object/sections.ts): the form's fields by section in
 * the declared order, hidden ones left out, a field no section names kept in the first section,
 * and the panel sections apart; no declared field section keeps the form one list.
 */
import { describe, expect, it } from 'vitest';
import { fieldSections, panelSections } from '../../src/resources/object/sections';
import type { ObjectSection } from '../../src/resources/overrides';

const Panel = () => null;
const sections: ObjectSection[] = [
  { key: 'details', title: 'Details', fields: ['uid', 'name'] },
  { key: 'firmware', title: 'Firmware', fields: ['current', 'target'] },
  { key: 'empty', title: 'Empty', fields: ['gone'] },
  { key: 'identity', title: 'Identity', panels: [Panel] },
];

describe('object sections', () => {
  it('group the shown fields in each section\'s order; an unnamed field joins the first section; empty sections go', () => {
    expect(fieldSections(sections, ['name', 'notes', 'uid', 'target', 'current'])).toEqual([
      { key: 'details', title: 'Details', fields: ['uid', 'name', 'notes'] },
      { key: 'firmware', title: 'Firmware', fields: ['current', 'target'] },
    ]);
  });

  it('leave the form one list when no field section is declared', () => {
    expect(fieldSections(undefined, ['name'])).toBeUndefined();
    expect(fieldSections([sections[3]], ['name'])).toBeUndefined();
  });

  it('keep the panel sections apart, in order', () => {
    expect(panelSections(sections).map((s) => s.key)).toEqual(['identity']);
    expect(panelSections(undefined)).toEqual([]);
  });
});
