/**
 * How a server feature declares the tables it keeps for itself, beside the category tables (the
 * sign-in sessions, the rate-limit counts, the device keys, the migration history): their names and
 * the statements that make them. serverTables.ts gathers the features' declarations for the
 * migration, so the list of the server's tables is derived from them and a feature never imports
 * the migration.
 */
import type { Queryable } from './database';
import type { Category } from '../../src/schemas/defineCategory';

export interface OwnTables {
  /** Every table `ddl` creates: no category may take one of these names. */
  readonly names: readonly string[];
  /** Statements run on every migration, so each is safe to run again (IF NOT EXISTS, OR REPLACE). */
  readonly ddl: string;
  /**
   * Run on every migration after the tables are made (in its transaction, `categories` being the
   * registry it migrates to): brings stored data in line with a rule the feature keeps from then on, so
   * it changes nothing once the data follows the rule. A feature whose categories are not in
   * `categories` (a test's own registry) leaves its data alone.
   */
  readonly repair?: (tx: Queryable, categories: readonly Category[]) => Promise<void>;
}
