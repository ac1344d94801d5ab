/**
 * The declaration of one field of a category: its kind, how it is stored, checked, listed and
 * shown. A type of its own file, importing nothing, so that the kinds (kinds.ts) and the field
 * checks (fieldCheck.ts) that defineCategory.ts runs can name it without importing that file back.
 */

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
  | 'email' // an e-mail address ('ann@example.org')
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
  | 'email'
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
  /**
   * A field declared again after its removal, while the database still keeps its old column as data:
   * 'reuse' takes the old values back, 'purge' deletes them first. Without it the start is refused
   * while that column holds values (docs/INTEGRATOR.md, "Removing a field"); it does nothing otherwise.
   */
  formerValues?: 'reuse' | 'purge';
  /**
   * Searched by the list's search box (`q`); the name field when no text field says so. On a
   * reference: the search also finds the object by the referenced object's name (its summary's
   * first field: a device by its firmware's name).
   */
  searchable?: boolean;
  /**
   * For kind 'json': the search box also finds the object by these values of it, a JSON path
   * ('$[*].value': a device's custom field values), each matched as text.
   */
  searchValues?: string;
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
   * administrator; anybody else who may see the object reads null. Hence never listed, exported,
   * searched, sorted or filtered by (src/schemas/fieldSets.ts).
   */
  private?: boolean;
  /**
   * Shown as a column in the category's table or list, and in its CSV export. A field every caller
   * cannot read (private, secret, write-only) or of a kind without a column (json, refList) is
   * never one (src/schemas/fieldSets.ts).
   */
  list?: boolean;
  /** In the CSV export though not a column of the table (a device's current firmware); never a private value. */
  exported?: boolean;
  /** The list can be filtered by this field (team, type, group). */
  filter?: boolean;
  /** Console input; defaults from the kind. */
  input?: InputKind;
  /** Maximum length of a text value (server and console). */
  maxLength?: number;
  /** Minimum length of a text value (server and console; OpenAPI `minLength`, the input's `minlength`). */
  minLength?: number;
  /** Smallest value of an integer or number (server and console; OpenAPI `minimum`, the input's `min`). */
  min?: number;
  /** Largest value of an integer or number (server and console; OpenAPI `maximum`, the input's `max`). */
  max?: number;
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
  /**
   * A column the server computes from other fields for its own use (a look-alike key): an audit
   * entry never lists it, the change of the field it comes from says what changed (server/audit/changes.ts).
   */
  derived?: boolean;
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
  /** What deleting the referenced object does to this one: refuse (default), clear the reference (a list: its entry leaves the list), or delete this too. */
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
  /**
   * For kind 'ref' to a category holding documentation: false when the object's documentation panel
   * does not show the referenced object's (a device's update's firmware: spec section 2's panel shows
   * its type, group, current and target firmware).
   */
  inheritsDocumentation?: false;
  /** Changing it on an existing object asks for confirmation (spec section 5: type, group, target firmware, version). */
  confirmChange?: boolean;
  /** Emptying a non-empty value on an existing object asks this first (spec section 5). */
  confirmUnset?: string;
  /** The picker offers '+' to create the referenced object in a child form (spec: create a type or group inline). */
  createInline?: boolean;
  /**
   * A system field shown read-only on the object screen once the object exists (owner, creation date);
   * 'whenSet': only while it holds a value (a device's update state, which most devices never had).
   */
  shownReadOnly?: boolean | 'whenSet';
  /** Also checked by the server through GET /api{path}/{value}, answering true or false (the semver check). */
  remoteCheck?: { path: string; message: string };
  /** A switch's texts for its off and on positions (a firmware's 'Disabled' / 'Enabled'). */
  switchLabels?: readonly [off: string, on: string];
  /**
   * The switch is on when the stored flag is off: a negative flag (is_disabled) shown as its
   * positive (on and 'Enabled' for is_disabled 0), spec 'Enabled/Disabled switch'. The API keeps the flag.
   */
  switchInverted?: boolean;
}

/** Who may see objects of a category and how their team is found. */
export type Scope =
  | 'team' // the object has team_id: members see it, admins of that team change it
  | 'teamItself' // the object is a team: members see it, its admins change it
  | 'user'; // a user: seen by users sharing a team, changed by themselves or the server administrator

/** The field holding the team of a team-scoped object (spec section 3, common fields). */
export const TEAM_FIELD = 'team_id';
