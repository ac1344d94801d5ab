/**
 * How a server feature declares the tables it keeps for itself, beside the category tables (the
 * sign-in sessions, the rate-limit counts, the device keys, the migration history): their names and
 * the statements that make them. serverTables.ts gathers the features' declarations for the
 * migration, so the list of the server's tables is derived from them and a feature never imports
 * the migration.
 */
export interface OwnTables {
  /** Every table `ddl` creates: no category may take one of these names. */
  readonly names: readonly string[];
  /** Statements run on every migration, so each is safe to run again (IF NOT EXISTS, OR REPLACE). */
  readonly ddl: string;
}
