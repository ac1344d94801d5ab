/**
 * The escape hatch for what one category needs beyond the generic data layer. Each category
 * may have a file in server/categories/ exporting CategoryHooks, registered by key in
 * server/registry.ts; generic code calls them, from the registry it runs on, at
 * fixed points of a write, inside the write's transaction, so a hook that throws an ApiError
 * leaves nothing stored.
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { Database, Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';
import type { ServerConfig } from '../config';

/** A row as read from the database: column name -> value. */
export type Row = Record<string, unknown>;

export interface HookContext {
  tx: Queryable;
  user: SessionUser;
  category: Category;
  /** The registry the app runs on: what a hook derives from the declarations (who points at the object) comes from here. */
  registry: ServerRegistry;
}

export interface CreateContext extends HookContext {
  /** The validated body; a hook may change it (e.g. replace a password by its hash). */
  input: Row;
  /** The origin a link in an answer points to (PUCS_PUBLIC_URL, else the request's), when a route gives one. */
  origin?: () => string;
  /** The server's configuration, when the write is an app's. */
  config?: ServerConfig;
}

/** `R`: the category's row type (RowOf<typeof firmware>, src/schemas/rowOf.ts). */
export interface UpdateContext<R extends Row = Row> extends CreateContext {
  existing: R;
  /** The database outside the write's transaction: for what must outlast a refused write (a limit's count of wrong passwords). */
  db: Database;
}

export interface DeleteContext<R extends Row = Row> extends HookContext {
  existing: R;
}

/** Before a create's or update's transaction: the database itself (not a transaction) and the body as sent. */
export interface AdmitContext {
  db: Database;
  user: SessionUser;
  category: Category;
  body: unknown;
}

export interface CategoryHooks<R extends Row = Row> {
  /** Before the write's transaction: what must count even when the write is then refused (a rate limit's event). */
  admit?(ctx: AdmitContext): Promise<void>;
  beforeCreate?(ctx: CreateContext): Promise<void>;
  /** May answer fields the create's answer carries besides the object, once (a one-time link stored only hashed). */
  afterCreate?(ctx: CreateContext & { created: R }): Promise<void | Row>;
  /** Before the checks of an update (once a team move is known to be permitted): what the body implies for other fields may be added to `input`. */
  prepareUpdate?(ctx: UpdateContext<R>): Promise<void>;
  beforeUpdate?(ctx: UpdateContext<R>): Promise<void>;
  afterUpdate?(ctx: UpdateContext<R> & { updated: R }): Promise<void>;
  beforeDelete?(ctx: DeleteContext<R>): Promise<void>;
  /** The audit action of an update when it means more than 'update' (a device's configuration conflict resolved); undefined: 'update'. */
  auditAction?(existing: R, updated: R): string | undefined;
}

/**
 * The registry an app runs on (made by serverRegistry, registry.ts): declared here beside the hooks it
 * holds, since every hook's context carries it. `K`: its category keys. The product's registry
 * (server/registry.ts, app.registry) takes the product's keys, so `get('devce')` does not compile; a
 * test's registry of other keys takes any string (the default), and so does generic code, which looks
 * up the keys a declaration or a route names and runs on either: the one registry seen with its keys
 * known or not (methods, so TypeScript gives one where the other is asked).
 */
export interface ServerRegistry<K extends string = string> {
  readonly categories: readonly Category[];
  hooks(key: K): CategoryHooks;
  /** The category of that key; throws for an unknown key (the registry check makes that a bug). */
  get(key: K): Category;
  /** The category of a key read at run time (a route's parameter): any string, undefined when unknown. */
  find(key: string): Category | undefined;
}
