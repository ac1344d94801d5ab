/**
 * The one way to declare a category of object. A category file in src/schemas/ calls
 * defineCategory once; the registry (index.ts) lists them. The server derives its tables,
 * constraints, validation and generic routes from these declarations; the console derives
 * its resources, routes, columns, inputs and client-side validation from the same ones.
 *
 * Nothing here names a category: what is particular to one lives in its own file.
 */
import { fieldDeclarationProblem, RegistryError } from './registryCheck';
import { lookalikeColumn } from './lookalike';

/** How a field is stored and travels as JSON; each kind is defined once, in kinds.ts. */
export type FieldKind =
  | 'text' // string
  | 'integer' // whole number (PostgreSQL integer)
  | 'number' // decimal number (double precision)
  | 'boolean'
  | 'date' // calendar date, 'YYYY-MM-DD'
  | 'datetime' // ISO 8601 instant with its offset ('2024-02-29T13:00:00Z')
  | 'enum' // one of `values`
  | 'url' // an absolute URL of one of `schemes` (http and https by default)
  | 'ref' // id of an object of another category (integer or null)
  | 'refList' // ordered list of objects of `ref`, as [{ "id": n }, ...] (plain ids accepted)
  | 'json'; // any JSON value (stored as jsonb), optionally checked against `schema`

/** Which input the console renders for a field. */
export type InputKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select' // a reference picker (the shared Dropdown)
  | 'enum' // a picker of declared values
  | 'date'
  | 'datetime'
  | 'url'
  | 'json'
  | 'customFields'
  | 'icon'
  | 'password'
  | 'refList' // an ordered list of references
  | 'none';

export interface FieldSpec {
  kind: FieldKind;
  /** Label of the column or input. */
  label: string;
  /** For kinds 'ref' and 'refList': the key of the referenced category. */
  ref?: string;
  /** For kind 'enum': the values allowed, in the order the picker offers them. */
  values?: readonly string[];
  /** For kind 'enum': what the picker shows for each value (the value itself when absent). */
  valueLabels?: Readonly<Record<string, string>>;
  /**
   * For kind 'enum': the values a picker offers, when not all of `values` (the document types
   * of spec section 2). A stored value outside them is still shown and kept.
   */
  offered?: readonly string[];
  /** For kind 'url': the schemes allowed (default http and https). */
  schemes?: readonly string[];
  /** For kind 'json': a JSON Schema (draft 2020-12) the value must satisfy, on both sides. */
  schema?: Readonly<Record<string, unknown>>;
  /**
   * The field was called this before: the next start renames the column, keeping its values, its
   * foreign key and its index (docs/INTEGRATOR.md, "Changing a schema"). Keep it declared: a
   * database not yet migrated may still hold the old name.
   */
  renamedFrom?: string;
  /** Searched by the list's search box (`q`); the name field when no field says so. */
  searchable?: boolean;
  /** How the search box names this field when not by its label ('unique ID': 'Name or unique ID'). */
  searchLabel?: string;
  /**
   * A searchable text field whose exact value (letter case aside) finds one object: the list's search
   * box opens the object when exactly one the caller sees has it, and the list filters by it
   * (`filter={"uid_for_type":"CS-100227"}`, read through the field's list index).
   */
  findsOne?: boolean;
  /**
   * A datetime whose age matters (a device's last contact, src/schemas/recency.ts): the list filters
   * it by age (`hour`, `day`, `week`, `over_day`, `never`), the table shows how long ago with a status
   * dot and the date on hover, 'never' when unset. Not a `filter`: its updates leave the kept counts alone.
   */
  recency?: boolean;
  /** Message when the field is missing or empty on create (and when emptied on update). */
  required?: string;
  /** Value stored when a create does not send the field. */
  default?: string | number | boolean | null | unknown[] | Record<string, unknown>;
  /**
   * Value given to the rows that exist when the column is added (the default then goes to new
   * objects only), or, for a required field, to the rows that have none when it becomes required.
   * A new required field on a table with rows needs this or a default.
   */
  backfill?: string | number | boolean | unknown[] | Record<string, unknown>;
  /** Set by the server only: never accepted from a client (sending it is a 400). */
  system?: boolean;
  /** Accepted on create only (a password, say); never returned by the API. */
  writeOnly?: boolean;
  /** Never leaves the server (a password hash, a claim code). */
  secret?: boolean;
  /**
   * Read only by the object itself (a user's own preferences, scope 'user') and the server
   * administrator; anybody else who may see the object reads null.
   */
  private?: boolean;
  /** Shown as a column in the category's table or list. */
  list?: boolean;
  /** The list can be filtered by this field (team, type, group). */
  filter?: boolean;
  /**
   * false: no index of its own for sorting the list by it (server/db/ddl.ts makes one for every
   * sortable list column and filter). For a value rewritten all the time (a device's last check-in):
   * PostgreSQL then rewrites a row in place only when no indexed column changes.
   */
  listIndex?: false;
  /** Console input; defaults from the kind. */
  input?: InputKind;
  /** Maximum length of a text value (server and console). */
  maxLength?: number;
  /** Validation run on both sides when the value is present; returns the spec's message. `label` is the field's (for messages naming it). */
  check?: (value: unknown, label: string) => string | undefined;
  /**
   * Validation that also reads other fields of the object (`on`): run on both sides on the object as
   * it will be stored, when the field or one of `on` is sent (a link document's content must be a URL).
   */
  checkWith?: { on: readonly string[]; check: (value: unknown, object: Readonly<Record<string, unknown>>, label: string) => string | undefined };
  /**
   * A name people tell apart by reading (text): stored trimmed and composed (NFC), and compared by its
   * look-alike key (src/schemas/lookalike.ts: case, accents, Cyrillic or Greek imitations of Latin
   * letters...) in every `unique` rule that holds it, so 'Pump' and 'Рump' (Cyrillic Р) cannot both be in
   * a team. The key is kept in a secret system column `<field>_key` that defineCategory adds
   * (`lookalikeOf` names the field) and the server fills on every write (docs/INTEGRATOR.md, "Names").
   */
  lookalike?: boolean;
  /** The system column holding the look-alike key of that field (added by defineCategory, never declared by hand). */
  lookalikeOf?: string;
  /** For kind 'refList': the message when the list names an object twice (spec: a document in a collection). */
  duplicate?: string;
  /**
   * A reference that may only point at an object of the same team. Default true for team-scoped refs.
   * The referenced object's team then cannot change while it is referenced (src/schemas/referrers.ts),
   * nor can a `matches` field of it (a firmware's type while it is a target, spec section 4).
   */
  sameTeam?: boolean;
  /**
   * The entries of this list field follow definitions held by a referenced object: a device's
   * custom field values follow its type's definitions ({ via: 'type_id', field: 'custom_fields_devices' }).
   * `as`: the definer's field is the JSON Schema itself ('schema'), or custom field definitions
   * compiled to one ('customFields'); src/schemas/definedBy.ts runs both, console and server.
   */
  definedBy?: { via: string; field: string; as: 'schema' | 'customFields' };
  /** What deleting the referenced object does to this one: refuse (default), clear the reference, or delete this too. */
  onDelete?: 'restrict' | 'setNull' | 'cascade';
  /**
   * For kind 'ref': fields the referenced object must share with this one, e.g. a target
   * firmware of the object's own type (spec section 4). Checked again when one of them changes.
   */
  matches?: readonly string[];
  /**
   * For kind 'ref': names only objects that are not disabled (CategoryDef.disabled; a target
   * firmware, spec sections 2 and 4). A write setting it to a disabled object is refused (400), an
   * unchanged value is kept; the object cannot be disabled while such a reference names it (409).
   */
  enabledOnly?: boolean;
  /**
   * For kind 'ref': the referenced object holds an ordered list (its refList field `list`) that
   * this object reads as its own (a device's documentation is its collection's documents, spec
   * sections 2 and 7). Reads then answer, computed and read-only (server/crud/listThrough.ts):
   * under `as`, the listed objects with `fields`, in the list's order ([] without a reference);
   * on each listed object, under `usedIn`, the objects whose reference names a list holding it,
   * by category key, each with those of `usedInFields` it has, by name ('Used in', spec section 3).
   * Only objects of one team show each other.
   */
  listThrough?: { list: string; as: string; fields: readonly string[]; usedIn: string; usedInFields: readonly string[] };
  /**
   * A write-only input that a category hook turns into the named field (a role's username,
   * resolved to user_id): sending it satisfies that field's `required`; sending both is a 400.
   */
  resolvesTo?: string;
  /**
   * With `resolvesTo`: the refusal (400) when the input names nothing ('There is no user with this
   * username.'); a form shows it under this input (src/resources/object/saveRefusal.ts).
   */
  unresolved?: string;

  // Console hints for the object screen (spec section 2 'Object screen', sections 4 and 5).
  // The server ignores them; they keep the generic screen free of category names.

  /**
   * On a field other pickers depend on (team, type): what those pickers say while it is empty
   * ('A team must be selected first.'). A ref picker depends on the team and on its `matches`.
   */
  requiredFirst?: string;
  /** The input's label is a field of the object referenced by `via` (a uid labelled with the type's name_of_uid). */
  labelFrom?: { via: string; field: string };
  /**
   * While `via` is set, the value is the referenced object's field of the same name and cannot be
   * chosen here (a device in a group follows the group's target firmware; a device shows its
   * type's icon). It is then not sent: the server derives it, refuses another value (with `message`,
   * else as read-only) and passes a change of the followed field on to the followers
   * (server/crud/follows.ts). `always`: the field never takes a value of its own, even while `via` is unset.
   */
  follows?: { via: string; message?: string; always?: boolean };
  /** Changing it on an existing object asks for confirmation (spec section 5: type, group, target firmware, version). */
  confirmChange?: boolean;
  /** Emptying a non-empty value on an existing object asks this first (spec section 5). */
  confirmUnset?: string;
  /** The picker offers '+' to create the referenced object in a child form (spec: create a type or group inline). */
  createInline?: boolean;
  /** A system field shown read-only on the object screen once the object exists (owner, creation date). */
  shownReadOnly?: boolean;
  /** Also checked by the server through GET /api{path}/{value}, answering true or false (the semver check). */
  remoteCheck?: { path: string; message: string };
  /** A 0/1 switch's texts for off and on ('Enabled' / 'Disabled'). */
  switchLabels?: readonly [off: string, on: string];
}

/** Who may see objects of a category and how their team is found. */
export type Scope =
  | 'team' // the object has team_id: members see it, admins of that team change it
  | 'teamItself' // the object is a team: members see it, its admins change it
  | 'user'; // a user: seen by users sharing a team, changed by themselves or the server administrator

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
    /** Side-menu entry (label = plural); categories sharing a list route declare it once. */
    menu?: { order: number };
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
};

/** The common fields of spec section 3: id, name, team_id, notes, icon. */
export const ID_FIELD: FieldSpec = { kind: 'integer', label: 'Product ID', system: true, list: true };

export function defineCategory<const T extends CategoryDef>(def: T): T & Category {
  for (const [name, field] of Object.entries(def.fields)) {
    const problem = fieldDeclarationProblem(field);
    if (problem) throw new RegistryError(def.key, name, problem);
  }
  const fields: Record<string, FieldSpec> = { ...def.fields };
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.lookalike || !def.unique?.some((rule) => rule.fields.includes(name))) continue;
    fields[lookalikeColumn(name)] = { kind: 'text', label: `${field.label} look-alike key`, system: true, secret: true, lookalikeOf: name };
  }
  const columns = ['id', ...Object.keys(fields)];
  return Object.freeze({ ...def, fields, columns }) as T & Category;
}
