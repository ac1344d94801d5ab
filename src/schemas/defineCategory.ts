/**
 * The one way to declare a category of object. A category file in src/schemas/ calls
 * defineCategory once; the registry (index.ts) lists them. The server derives its tables,
 * constraints, validation and generic routes from these declarations; the console derives
 * its resources, routes, columns, inputs and client-side validation from the same ones.
 *
 * Nothing here names a category: what is particular to one lives in its own file.
 */
import { fieldDeclarationProblem, RegistryError } from './fieldCheck';
import { lookalikeColumn } from './lookalike';
import { fieldSetsOf, type FieldSets } from './fieldSets';
import type { FieldSpec, Scope } from './fieldSpec';
import type { Comparison } from './comparison';
import { messages, ownMessages } from '../messages';

export type { FieldKind, FieldSpec, InputKind, Scope } from './fieldSpec';
export type { Comparison } from './comparison';

export type Permission = 'signedIn' | 'teamAdmin' | 'serverAdmin' | 'selfOrServerAdmin' | 'nobody';

export interface UniqueRule {
  /** Constraint name in the database (also what the error Description names). */
  name: string;
  fields: readonly string[];
  /** Description of the 409 answer; gets the offending object. */
  message: (obj: Record<string, unknown>) => string;
}

/** An object this one points at, returned under `key` (e.g. type_id -> type). */
export interface Expansion {
  field: string;
}

/** Objects of another category that point at this one (e.g. the devices of a type). */
export interface ReverseList {
  category: string;
  via: string;
  /** The list's heading on the view (from messages); without one, the category's plural. */
  heading?: string;
}

/** A field of a referenced object copied flat into this one (e.g. type_name). */
export interface Lookup {
  via: string;
  field: string;
}

/** A count of the objects of another category pointing at this one. */
export interface Count {
  category: string;
  via: string;
}

/**
 * The object holds one uploaded file (spec section 7: POST /api/upload/{cat}/{id} with this multipart
 * field, GET /api/download/{cat}/{id}). The upload sets the four named fields in one transaction.
 */
export interface FileSpec {
  /** The multipart field of the upload ('firmware'). */
  part: string;
  /** The file's base name, as uploaded (never a path). */
  filename: string;
  /** The size in bytes. */
  size: string;
  /** The date of the upload. */
  date: string;
  /** The SHA3-256 of the bytes, lower-case hex. */
  hash: string;
  /** The client sends the hash with the create or update before uploading; an upload of other bytes is refused (400). */
  hashFirst: boolean;
  /** Once uploaded the file never changes: a second upload answers 409 and keeps the first. */
  immutable: boolean;
  /** The form's message when it is submitted without a file. */
  required?: string;
  /**
   * A field whose stored value stands in for the file (a document's existing content, spec section
   * 5): an object holding it is saved without an upload.
   */
  orField?: string;
  /** Path segment of the upload and download routes when it is not the category key (spec section 7: 'document'). */
  route?: string;
  /**
   * Only objects whose `field` holds one of `values` hold a file (a document of type File or Image):
   * the form offers the upload for them only, and the server refuses an upload to any other (400).
   */
  only?: FileCondition;
  /**
   * Objects whose `field` holds one of `values` hold an image: the bytes must be PNG, JPEG, WebP or
   * GIF (src/schemas/imageKind.ts, by content, never by name), checked before the upload by the
   * console and again by the server (400); the download then answers the image inline.
   */
  image?: FileCondition;
}

export interface FileCondition {
  field: string;
  values: readonly string[];
}

const meets = (condition: FileCondition, object: Readonly<Record<string, unknown>>) => condition.values.includes(String(object[condition.field]));

/** The object holds a file (of a category with one): every object, or those `only` names. */
export const takesFile = (spec: FileSpec, object: Readonly<Record<string, unknown>>) => !spec.only || meets(spec.only, object);

/** The object's file must be an image (`image`). */
export const takesImage = (spec: FileSpec, object: Readonly<Record<string, unknown>>) => spec.image !== undefined && meets(spec.image, object);

/** A file's hash as every side writes it (spec section 9: SHA3-256): the file store names files by it. */
export const SHA3_HEX = /^[0-9a-f]{64}$/;

export interface CategoryDef {
  /** API path segment of spec section 7 (device, devices_group, ...); also the table name. */
  key: string;
  /** Numeric category id of spec section 3. */
  id: number;
  /** Lower-case singular used in headings ('Add a new device'). */
  singular: string;
  /** Capitalised singular used in page titles ('Device | Add'). */
  title: string;
  /** Plural used for list titles and the menu ('Devices'). */
  plural: string;
  scope: Scope;
  permissions: { create: Permission; update: Permission; delete: Permission };
  fields: Record<string, FieldSpec>;
  /** Fields returned when another object expands a reference to this one. */
  summary: readonly string[];
  unique?: readonly UniqueRule[];
  /**
   * Fields removed for good: the next start deletes their columns and values (a field merely left out
   * of `fields` keeps its column as data; docs/INTEGRATOR.md, "Removing a field"). Keep it declared
   * until every database has started once with it; it does nothing once the column is gone.
   */
  removed?: readonly string[];
  expansions?: Record<string, Expansion>;
  lists?: Record<string, ReverseList>;
  /**
   * Keys of `lists` whose objects a delete with `?cascade=true` removes with this one, in this
   * order, in one transaction, each by the rules of its own delete (spec section 4: a type's
   * devices, then its groups, then its firmwares). A plain delete of an object they name is refused.
   */
  deleteWithContent?: readonly string[];
  lookups?: Record<string, Lookup>;
  counts?: Record<string, Count>;
  file?: FileSpec;
  /**
   * Objects of the category can be disabled (a firmware, spec sections 2 and 4): one is while its
   * 0/1 or boolean `field` is set (src/schemas/disabled.ts). Pickers never offer it, and a reference
   * declared `enabledOnly` never newly names it: `chosen` is that refusal, `named` the refusal of
   * disabling an object such a reference names.
   */
  disabled?: { field: string; chosen: (object: Readonly<Record<string, unknown>>) => string; named: string };
  /**
   * States read from how two reference fields compare, by name (a device's `firmware_status`:
   * src/schemas/comparison.ts): the list filters by them (`filter={"firmware_status":"pending"}`,
   * `?firmware_status=pending`), through an index of their own.
   */
  comparisons?: Record<string, Comparison>;
  /** Console: where the category lives. Absent for categories without screens (role, user, config). */
  console?: {
    /** Table or list route, e.g. '/devices'. */
    list: string;
    listKind: 'table' | 'list';
    /** Prefix of the object routes: `${base}_new`, `${base}_view`, `${base}_edit`. */
    base: string;
    /** Route of the add form when it differs from `${base}_new` (documents). */
    newRoute?: string;
    /**
     * Of the category owning an add route that others share (/document_new): the question that
     * route asks first, its choices being each category's kindLabel.
     */
    kindQuestion?: string;
    /**
     * The category whose object must exist before one of this can be added (a device needs a type):
     * an empty list says so, with the button adding one (src/resources/list/EmptyList.tsx).
     */
    needsFirst?: string;
    /**
     * Side-menu entry (label = plural); categories sharing a list route declare it once.
     * `serverAdminOnly`: shown to server administrators only (the users of the server).
     */
    menu?: { order: number; serverAdminOnly?: boolean };
    /**
     * The category's name among those sharing its routes ('Document', 'Collection of documents'):
     * the Kind column of their one table, a choice of their add route. The plural when absent.
     */
    kindLabel?: string;
    /** The route has only a list, no object screens (teams). */
    listOnly?: boolean;
    /** How the shared Dropdown offers objects of this category (src/resources/dropdown/). */
    picker?: PickerSpec;
    /**
     * The name a new object starts with, from the form's values ('New Document of type Text');
     * 'New {singular}' when absent. It follows the values until the user edits the name.
     */
    newName?: (values: Readonly<Record<string, unknown>>) => string;
  };
}

/**
 * The shared object picker of spec 'Dropdown', per category. Every text comes from messages.ts;
 * nothing here is needed for a category that is never picked.
 */
export interface PickerSpec {
  /** Zero option of a list filter ('All teams'); blank when absent. */
  zeroFilter?: string;
  /**
   * Zero option of a list filter while a `filterBy` value is not chosen
   * ('Select a type to allow filtering by groups'); zeroFilter when absent.
   */
  zeroUnfiltered?: string;
  /** Zero option of a form ('Select a type...'); blank when absent. */
  zeroForm?: string;
  /**
   * Fields of an option that must equal the same-named filter value, when that value is chosen
   * (a group's type_id, a type's team_id).
   */
  filterBy?: readonly string[];
  /** While a `filterBy` value is not chosen no option is offered (a group belongs to one type). */
  needsFilter?: boolean;
  /** Fields loaded for each option besides id, the display field, `filterBy` and the category's `disabled` field (for optionLabel). */
  fields?: readonly string[];
  /** The text of an option; the display field when absent. */
  optionLabel?: (option: Readonly<Record<string, unknown>>) => string;
  /** In a form with nothing chosen and exactly one option, that option is chosen (a single team). */
  autoSelectSingle?: boolean;
  /**
   * The category can hold thousands of objects (devices): its pickers search on the server as the
   * user types (a first page of matches by name) and read chosen objects by id, instead of the
   * spec's whole list (GET /api/{cat}?fields=), which small categories keep.
   */
  search?: boolean;
}

export type Category = CategoryDef & {
  /** Every field name the API knows for the category, id included. */
  readonly columns: readonly string[];
  /** Which fields are stored, read, written, listed, searched...: each question answered once (fieldSets.ts). */
  readonly fieldSets: FieldSets;
};

/** The common fields of spec section 3: id, name, team_id, notes, icon. */
export const ID_FIELD: FieldSpec = { kind: 'integer', label: messages.productId, system: true, list: true };

export function defineCategory<const T extends CategoryDef>(def: T): T & Category {
  for (const [name, field] of Object.entries(def.fields)) {
    const problem = fieldDeclarationProblem(field);
    if (problem) throw new RegistryError(def.key, name, problem);
  }
  const fields: Record<string, FieldSpec> = { ...def.fields };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.lookalike || !def.unique?.some((rule) => rule.fields.includes(name))) continue;
    // The key's column would silently take the place of a field declared under its name.
    if (Object.hasOwn(def.fields, lookalikeColumn(name))) throw new RegistryError(def.key, lookalikeColumn(name), ownMessages.schemaLookalikeKeyDeclared(name, lookalikeColumn(name)));
    fields[lookalikeColumn(name)] = { kind: 'text', label: `${field.label} look-alike key`, system: true, secret: true, derived: true, lookalikeOf: name };
  }
  const columns = ['id', ...Object.keys(fields)];
  const fieldSets = fieldSetsOf({ fields, summary: def.summary, scope: def.scope });
  return Object.freeze({ ...def, fields, columns, fieldSets }) as T & Category;
}
