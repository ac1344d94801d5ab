/**
 * Every table the server keeps for itself beside the category tables, gathered from the features
 * that declare them (ownTables.ts): the migration (migrate.ts) makes them, and no category may take
 * one of their names. This file and the migration sit above the features: they import the
 * features' declarations, never the other way round (.dependency-cruiser.js checks it). A feature
 * with tables of its own adds its declaration here.
 */
import type { Category } from '../../src/schemas/defineCategory';
import { RegistryError } from '../../src/schemas/fieldCheck';
import { ownMessages } from '../../src/messages';
import { AUTH_TABLES } from '../auth/tables';
import { RATE_LIMIT_TABLES } from '../auth/limitStore';
import { CERTS_TABLES } from '../certs/tables';
import { TOKEN_TABLES } from '../tokens/tables';
import { AUDIT_TABLES } from '../audit/tables';
import { INVITATION_TABLES } from '../auth/invitations';
import { ROLLOUT_TABLES } from '../rollouts/tables';
import { HISTORY_TABLES } from './migrationHistory';
import type { OwnTables } from './ownTables';

/** Made after the category tables, which they reference, in this order. */
export const FEATURE_TABLES: readonly OwnTables[] = [AUTH_TABLES, RATE_LIMIT_TABLES, CERTS_TABLES, TOKEN_TABLES, AUDIT_TABLES, INVITATION_TABLES, ROLLOUT_TABLES];

/** The name of every table of the server that is not a category's. */
export const SERVER_TABLE_NAMES: readonly string[] = [HISTORY_TABLES, ...FEATURE_TABLES].flatMap((t) => t.names);

/** Refuses a registry in which a category's table would be one of the server's own (one line naming it). */
export function checkServerTables(categories: readonly Category[]): void {
  const taken = categories.find((c) => SERVER_TABLE_NAMES.includes(c.key));
  if (taken) throw new RegistryError(taken.key, undefined, ownMessages.schemaServerTable);
}
