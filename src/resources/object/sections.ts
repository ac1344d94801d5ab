/**
 * The object screen's sections (ResourceOverride.sections) split into what the one form shows and
 * what stands beside it. Pure: the grouping rule (a field no section names is not lost) is
 * unit-tested directly.
 */
import type { ComponentType } from 'react';
import type { ObjectPanelProps, ObjectSection } from '../overrides';

export interface FieldSection {
  key: string;
  title: string;
  fields: string[];
}

export interface PanelSection {
  key: string;
  title: string;
  panels: readonly ComponentType<ObjectPanelProps>[];
}

/** The anchor of a section: what the section links jump to. */
export const sectionAnchor = (key: string) => `section-${key}`;

/**
 * The shown fields by section, in each section's order; a shown field no section names goes in the
 * first field section, in the form's order. Undefined when the category declares no field section
 * (the form is one list). Sections left with no shown field are left out.
 */
export function fieldSections(sections: readonly ObjectSection[] | undefined, shown: readonly string[]): FieldSection[] | undefined {
  const declared = (sections ?? []).flatMap((s) => ('fields' in s ? [{ key: s.key, title: s.title, fields: [...s.fields] }] : []));
  if (declared.length === 0) return undefined;
  const visible = new Set(shown);
  const named = new Set(declared.flatMap((s) => s.fields));
  const unnamed = shown.filter((name) => !named.has(name));
  return declared
    .map((s, i) => ({ ...s, fields: [...s.fields.filter((name) => visible.has(name)), ...(i === 0 ? unnamed : [])] }))
    .filter((s) => s.fields.length > 0);
}

/** The panel sections, in their order. */
export const panelSections = (sections: readonly ObjectSection[] | undefined): PanelSection[] =>
  (sections ?? []).flatMap((s) => ('panels' in s ? [s] : []));
