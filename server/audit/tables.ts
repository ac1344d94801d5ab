/**
 * The audit log's table: its own, not a category's. A category gets PUT and DELETE, team isolation
 * by one team_id and the generic hooks; an entry must be append-only, may belong to no team (a
 * sign-in, a user), names objects of every category and outlives them. So no route writes it but
 * audit() (record.ts), a trigger refuses any UPDATE, and only the retention (retention.ts) deletes.
 * Made by the migration after the category tables (server/db/serverTables.ts gathers it); no foreign
 * key: an entry keeps naming a user, team or object that was deleted since.
 *
 * Indexes: the team, the object and the user each lead an index that ends with the page's order
 * (`at`, `id`), so a filtered page is read from its index in order; `at` alone for the server
 * administrator's unfiltered pages and for the retention. An action or a date range narrows one of
 * those (an index per filter would be one more to write per entry: bench/audit.ts weighs it); the
 * team's index carries the action, so a team's page total by action is counted from the index alone
 * (at 1,000,000 entries, PostgreSQL: 2.5 -> 0.3 ms; its first name, without the action, is dropped).
 */
import type { OwnTables } from '../db/ownTables';

export const AUDIT_TABLE = 'audit_entry';

export const AUDIT_TABLES: OwnTables = {
  names: [AUDIT_TABLE],
  ddl: `
CREATE TABLE IF NOT EXISTS ${AUDIT_TABLE} (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer,
  username text,
  token_id integer,
  device_id integer,
  team_id integer,
  category text NOT NULL,
  object_id integer,
  object_name text,
  action text NOT NULL,
  changes jsonb
);
CREATE INDEX IF NOT EXISTS audit_entry_at_idx ON ${AUDIT_TABLE} (at, id);
DROP INDEX IF EXISTS audit_entry_team_idx;
CREATE INDEX IF NOT EXISTS audit_entry_team_action_idx ON ${AUDIT_TABLE} (team_id, at, id) INCLUDE (action);
CREATE INDEX IF NOT EXISTS audit_entry_object_idx ON ${AUDIT_TABLE} (category, object_id, at, id);
CREATE INDEX IF NOT EXISTS audit_entry_user_idx ON ${AUDIT_TABLE} (user_id, at, id);
-- Append-only: an entry once written is never changed, whoever asks (the retention only deletes).
CREATE OR REPLACE FUNCTION pucs_audit_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed';
END $$;
CREATE OR REPLACE TRIGGER pucs_audit_unchanged BEFORE UPDATE ON ${AUDIT_TABLE} FOR EACH ROW EXECUTE FUNCTION pucs_audit_unchanged();
`,
};
