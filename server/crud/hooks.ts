/**
 * The escape hatch for what one category needs beyond the generic data layer. Each category
 * may have a file in server/categories/ exporting CategoryHooks; generic code calls them at
 * fixed points of a write, inside the write's transaction, so a hook that throws an ApiError
 * leaves nothing stored.
 */
import type { Category } from '../../src/schemas/defineCategory';
import type { Queryable } from '../db/database';
import type { SessionUser } from '../auth/sessionUser';

/** A row as read from the database: column name -> value. */
export type Row = Record<string, unknown>;

export interface HookContext {
  tx: Queryable;
  user: SessionUser;
  category: Category;
}

export interface CreateContext extends HookContext {
  /** The validated body; a hook may change it (e.g. replace a password by its hash). */
  input: Row;
}

export interface UpdateContext extends CreateContext {
  existing: Row;
}

export interface DeleteContext extends HookContext {
  existing: Row;
}

export interface CategoryHooks {
  beforeCreate?(ctx: CreateContext): Promise<void>;
  afterCreate?(ctx: CreateContext & { created: Row }): Promise<void>;
  beforeUpdate?(ctx: UpdateContext): Promise<void>;
  afterUpdate?(ctx: UpdateContext & { updated: Row }): Promise<void>;
  beforeDelete?(ctx: DeleteContext): Promise<void>;
}
