/**
 * Per-category escape hatches (DESIGN.md): a folder src/resources/<category key>/ with an
 * override.tsx exporting `override` changes what the generic screens do for that category only.
 * Found with import.meta.glob so that generic code never names a category.
 */
import type { ComponentType } from 'react';
import type { ConsoleRoute } from './consoleRoutes';

export interface PageProps {
  route: ConsoleRoute;
}

export interface ResourceOverride {
  /** Side-menu icon. */
  icon?: ComponentType;
  /** Replaces the generic table/list page on the category's list route. */
  ListPage?: ComponentType<PageProps>;
  /** Replaces the generic object screen on the category's add, view and edit routes. */
  ObjectPage?: ComponentType<PageProps>;
}

const modules = import.meta.glob<{ override: ResourceOverride }>('./*/override.tsx', { eager: true });

/** './device/override.tsx' -> 'device'. */
export const overrides: Readonly<Record<string, ResourceOverride>> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => [file.split('/')[1], module.override]),
);

export const overrideFor = (key: string): ResourceOverride => overrides[key] ?? {};
