/**
 * Tables of the sign-in machinery (settings, sessions) and the triggers that tell every process a
 * user, role, team or session changed; not categories, so not derived from the registry. Made by
 * the migration after the category tables (server/db/serverTables.ts gathers them).
 */
import { CHANGES_CHANNEL } from '../db/database';
import type { OwnTables } from '../db/ownTables';

/** Payload prefix of a change of who a user is or what teams they are in (sessionCache.ts). */
export const AUTH_CHANGE = 'auth:';
/** The payload that forgets every cached session (a team renamed: every member's profile names it). */
export const AUTH_CHANGE_ALL = `${AUTH_CHANGE}*`;

export const AUTH_TABLES: OwnTables = {
  names: ['settings', 'sessions'],
  ddl: `
CREATE TABLE IF NOT EXISTS settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions(user_id);
-- Every process caches sessions in memory: whatever changes a user, their roles, a team's name or
-- a session tells them all, whichever process (or shell command) made the change.
CREATE OR REPLACE FUNCTION pucs_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A TRUNCATE names no row (the shell's way to sign everyone out): every process forgets everything.
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'team' THEN
    PERFORM pg_notify('${CHANGES_CHANNEL}', '${AUTH_CHANGE_ALL}');
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('${CHANGES_CHANNEL}', '${AUTH_CHANGE}' || OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('${CHANGES_CHANNEL}', '${AUTH_CHANGE}' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('${CHANGES_CHANNEL}', '${AUTH_CHANGE}' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER pucs_auth_user AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION pucs_auth_changed();
CREATE OR REPLACE TRIGGER pucs_auth_role AFTER INSERT OR UPDATE OR DELETE ON role FOR EACH ROW EXECUTE FUNCTION pucs_auth_changed();
CREATE OR REPLACE TRIGGER pucs_auth_team AFTER UPDATE OF name ON team FOR EACH ROW EXECUTE FUNCTION pucs_auth_changed();
-- UPDATE too: a session expired or moved by hand must not live on in a cache until its old end.
CREATE OR REPLACE TRIGGER pucs_auth_sessions AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION pucs_auth_changed();
CREATE OR REPLACE TRIGGER pucs_auth_user_cleared AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION pucs_auth_changed();
CREATE OR REPLACE TRIGGER pucs_auth_role_cleared AFTER TRUNCATE ON role FOR EACH STATEMENT EXECUTE FUNCTION pucs_auth_changed();
CREATE OR REPLACE TRIGGER pucs_auth_team_cleared AFTER TRUNCATE ON team FOR EACH STATEMENT EXECUTE FUNCTION pucs_auth_changed();
CREATE OR REPLACE TRIGGER pucs_auth_sessions_cleared AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION pucs_auth_changed();
`,
};
