/**
 * Database errors a client can cause, turned into the same answers the checks before a write
 * give (two requests racing past a check, or a delete of an object still referenced).
 */
import type { Category } from '../../src/schemas/defineCategory';
import { ownMessages } from '../../src/messages';
import { ApiError, badRequest, conflict } from '../http/errors';
import type { Row } from './hooks';

interface PgError {
  code?: string;
  constraint?: string;
  column?: string;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT reports this code rather than 23503 (PostgreSQL 16+). */
const RESTRICT_VIOLATION = '23001';
const NOT_NULL_VIOLATION = '23502';

/** How an object is named in messages: its first text summary field, else category and id. */
export function displayName(category: Category, obj: Row): string {
  const textField = category.summary.find((f) => category.fields[f]?.kind === 'text');
  const value = textField ? obj[textField] : undefined;
  return typeof value === 'string' && value !== '' ? value : `${category.singular} ${String(obj.id)}`;
}

export function mapDbError(err: unknown, category: Category, action: 'create' | 'update' | 'delete', obj: Row): unknown {
  if (err instanceof ApiError || typeof err !== 'object' || err === null) return err;
  const { code, constraint = '', column } = err as PgError;
  if (code === UNIQUE_VIOLATION) {
    const rule = category.unique?.find((r) => r.name === constraint);
    return conflict(rule ? rule.message(obj) : ownMessages.uniqueViolation(constraint));
  }
  if (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION) {
    if (action === 'delete') return conflict(ownMessages.inUse(displayName(category, obj)));
    // Constraint names are `${table}_${column}_fkey` (server/db/ddl.ts).
    const field = constraint.replace(`${category.key}_`, '').replace(/_fkey$/, '');
    return badRequest(ownMessages.referenceNotFound(category.fields[field]?.label ?? field));
  }
  if (code === NOT_NULL_VIOLATION && column) {
    return badRequest(category.fields[column]?.required ?? ownMessages.wrongFieldType(category.fields[column]?.label ?? column, 'set'));
  }
  return err;
}
