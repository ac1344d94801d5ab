/**
 * Per-category escape hatches (DESIGN.md): a folder src/resources/<category key>/ with an
 * override.tsx exporting `override` changes what the generic screens do for that category only.
 * Found with import.meta.glob so that generic code never names a category.
 */
import type { ComponentType, ReactNode } from 'react';
import type { DataProvider, RaRecord } from 'react-admin';
import type { Category, CategoryKey, CategoryOf, DeclaredNames, FieldSpec } from '../schemas';
import type { ConsoleRoute, ObjectMode } from './consoleRoutes';

export interface PageProps {
  route: ConsoleRoute;
}

/** The fields of the category of key K (any string where the key is not known: the generic screens). */
type FieldName<K extends string> = K extends CategoryKey ? DeclaredNames<CategoryOf<K>['fields']> : string;
/** The reverse lists (`lists`) of the category of key K. */
type ListName<K extends string> = K extends CategoryKey ? DeclaredNames<CategoryOf<K>['lists']> : string;

/**
 * `K`: the key of the category overridden. An override file names it (`ResourceOverride<'device'>`),
 * so a field input or an own list the category does not declare fails `npm run typecheck`.
 */
export interface ResourceOverride<K extends string = string> {
  /** Side-menu icon. */
  icon?: ComponentType;
  /** Replaces the generic table/list page on the category's list route. */
  ListPage?: ComponentType<PageProps>;
  /** Columns of the category's table that the user shows or hides (hidden until shown), after the schema's. */
  optionalColumns?: readonly OptionalColumn[];
  /** Replaces the generic object screen on the category's add, view and edit routes. */
  ObjectPage?: ComponentType<PageProps>;
  /** Blocks shown under the object form (the devices of a group, ...). */
  panels?: ComponentType<ObjectPanelProps>[];
  /**
   * The object screen in headed sections a person finds at a glance, in this order (two columns on
   * a desktop, one on a phone). A section holds form fields (inside the one form, saved by its
   * Submit) or panels (beside it: they act by themselves). A shown field no section names goes in
   * the first field section, so that nothing of the form is lost.
   */
  sections?: readonly ObjectSection<K>[];
  /** The state of an existing object at a glance, at the top of its screen (view and edit). */
  Summary?: ComponentType<ObjectPanelProps>;
  /** Declared reverse lists (`lists`) a panel shows its own way, left out of the generic lists panel. */
  ownLists?: readonly ListName<K>[];
  /**
   * Actions on the rows selected in the category's table (react-admin bulk action buttons, reading
   * the selection with useListContext). With it the table has a checkbox column, 'Select all N
   * matching' across pages and these actions; without it, no selection at all.
   */
  bulkActions?: ComponentType<BulkActionsProps>;
  /** Whether the object as read may be edited now (the server refuses otherwise): without it, always. */
  canEdit?: (record: RaRecord) => boolean;
  /** Whether the object as read may be deleted now (the server refuses otherwise): without it, always. */
  canDelete?: (record: RaRecord) => boolean;
  /** Replaces the object screen's Delete button (the type's cascade delete). */
  DeleteButton?: ComponentType<DeleteButtonProps>;
  /**
   * Replaces the generic input of one field, by field name, inside the object form. A system
   * field or one declared `input: 'none'` given an input here is shown too once the object exists
   * (what a device reports, read-only; a reference the override edits its own way).
   */
  fieldInputs?: Partial<Record<FieldName<K>, ComponentType<FieldInputProps>>>;
  /**
   * Runs when a valid form is submitted, before the create or update: answers the values to save
   * (what the category must make first, such as another object the saved one refers to), or
   * undefined to stop the save, having told the user why.
   */
  beforeSave?: (values: Record<string, unknown>, context: BeforeSaveContext) => Promise<Record<string, unknown> | undefined>;
  /** How the object's file (`file` with hashFirst) is hashed in the browser before it is sent. */
  hashFile?: (file: Blob, options: { onProgress?: (p: { done: number; total: number }) => void; signal?: AbortSignal }) => Promise<string>;
}

/** A headed part of the object screen (ResourceOverride.sections); `key` makes its anchor (section-{key}). */
export type ObjectSection<K extends string = string> =
  | { key: string; title: string; fields: readonly FieldName<K>[] }
  | { key: string; title: string; panels: readonly ComponentType<ObjectPanelProps>[] };

/** What an override's `beforeSave` gets besides the values. */
export interface BeforeSaveContext {
  category: Category;
  mode: ObjectMode;
  /** The object as loaded (view and edit). */
  record: RaRecord | undefined;
  dataProvider: DataProvider;
}

/** What a panel under the object form gets. */
export interface ObjectPanelProps {
  category: Category;
  /** The object as read from GET /api/full/{cat}/{id}; undefined while adding. */
  record: RaRecord | undefined;
  mode: ObjectMode;
  /** The caller is an admin of the object's team (may modify it). */
  isAdmin: boolean;
  /** Reads the object again (after a panel changed related objects). */
  refresh: () => void;
}

/** What a table's bulk actions get; the selected ids come from react-admin's list context. */
export interface BulkActionsProps {
  category: Category;
}

export interface DeleteButtonProps {
  category: Category;
  record: RaRecord;
  /** Called once the object is gone: the screen goes to the list page. */
  onDeleted: () => void;
  /** Reads the object again: a delete that stopped half-way shows what is left. */
  refresh?: () => void;
}

/**
 * A field input inside the object form (a react-admin/react-hook-form form: read and write the
 * value with useInput({ source: name }) or useFormContext()).
 */
export interface FieldInputProps {
  name: string;
  field: FieldSpec;
  category: Category;
  mode: ObjectMode;
  /** View mode, or a field that can no longer change. */
  readOnly: boolean;
  /** Cannot be used: waiting for another field (a picker's team), or locked by the object's users. */
  disabled?: boolean;
  /** A hint under the input (why a picker is disabled). */
  helperText?: string;
  /** Reports a value the input holds but cannot save (listed as the field's error), or undefined once it can. */
  onInvalid?: (message: string | undefined) => void;
  /** The generic input of the field, as it would be without the override: one that only decides when it shows renders it. */
  generic?: ReactNode;
}

/** A column of the table computed from the row (a device's firmware status), not a field's value. */
export interface OptionalColumn {
  /** The column's key: what the table remembers about it being shown. */
  key: string;
  label: string;
  /** The fields the table must read for it (added to the call's ?fields=). */
  reads: readonly string[];
  render: (record: RaRecord) => ReactNode;
}

const modules = import.meta.glob<{ override: ResourceOverride }>('./*/override.tsx', { eager: true });

/** './device/override.tsx' -> 'device'. */
export const overrides: Readonly<Record<string, ResourceOverride>> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => [file.split('/')[1], module.override]),
);

export const overrideFor = (key: string): ResourceOverride => overrides[key] ?? {};
