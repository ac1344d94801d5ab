/**
 * The devices of each started rollout (issue 30, docs/ROLLOUTS.md): its own table, not a category's
 * list. A rollout takes its devices when it starts (a group, a filter or chosen devices, as they are
 * then), puts each in a phase, and keeps per device what the engine needs: the target it had before
 * the rollout changed it (restored on abort), whether the rollout set it, and where its update
 * stands. `holds` marks the devices of a running or paused rollout; its unique index is the rule
 * 'one running rollout per device', kept by the database even when two processes start two rollouts at once.
 */
import type { OwnTables } from '../db/ownTables';
import { repairGroupRule } from './groupRuleRepair';

export const ROLLOUT_TABLES: OwnTables = {
  names: ['rollout_device', 'rollout_phase_state'],
  ddl: `
CREATE TABLE IF NOT EXISTS rollout_device (
  rollout_id integer NOT NULL REFERENCES "rollout"(id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES "device"(id) ON DELETE CASCADE,
  phase integer NOT NULL,
  holds boolean NOT NULL DEFAULT true,
  targeted boolean NOT NULL DEFAULT false,
  previous_target_id integer REFERENCES "firmware"(id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'pending',
  message text,
  changed timestamptz,
  PRIMARY KEY (rollout_id, device_id)
);
CREATE UNIQUE INDEX IF NOT EXISTS rollout_device_held_key ON rollout_device(device_id) WHERE holds;
-- The devices a rollout still holds, in order: a finished or aborted one lets them go a chunk at a time (targets.ts releaseChunk).
CREATE INDEX IF NOT EXISTS rollout_device_holding_idx ON rollout_device(rollout_id, device_id) WHERE holds;
CREATE INDEX IF NOT EXISTS rollout_device_device_idx ON rollout_device(device_id);
CREATE INDEX IF NOT EXISTS rollout_device_phase_idx ON rollout_device(rollout_id, phase, state);
-- The devices whose update ended, by when: the progress's timeline and failed devices read only these
-- (progress.ts), not the whole rollout (41 ms against 2 ms at 100,000 devices, 1,100 ended).
CREATE INDEX IF NOT EXISTS rollout_device_final_idx ON rollout_device(rollout_id, state, changed) WHERE state IN ('succeeded', 'failed');
-- How many devices of each phase of each rollout are in each state, kept by the triggers below in the
-- transaction that changes rollout_device: the progress and the engine read these few rows, not the
-- rollout's 100,000 (progress.ts, deviceStates.ts). Filled from rollout_device when first made.
DO $$ BEGIN
  IF to_regclass('rollout_phase_state') IS NULL THEN
    CREATE TABLE rollout_phase_state (
      rollout_id integer NOT NULL,
      phase integer NOT NULL,
      state text NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (rollout_id, phase, state)
    );
    INSERT INTO rollout_phase_state SELECT rollout_id, phase, state, count(*) FROM rollout_device GROUP BY 1, 2, 3;
  END IF;
END $$;
-- One statement's changes as a sum per (rollout, phase, state), in key order (two transactions take
-- the rows' locks in the same order: no deadlock); a rollout's rows go with its last device.
CREATE OR REPLACE FUNCTION pucs_rollout_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rollout_phase_state AS c (rollout_id, phase, state, n)
      SELECT rollout_id, phase, state, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (rollout_id, phase, state) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO rollout_phase_state AS c (rollout_id, phase, state, n)
      SELECT rollout_id, phase, state, sum(d) FROM (
        SELECT rollout_id, phase, state, -1 AS d FROM old_rows UNION ALL SELECT rollout_id, phase, state, 1 FROM new_rows) AS x
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (rollout_id, phase, state) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO rollout_phase_state AS c (rollout_id, phase, state, n)
      SELECT rollout_id, phase, state, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (rollout_id, phase, state) DO UPDATE SET n = c.n + EXCLUDED.n;
    DELETE FROM rollout_phase_state AS c WHERE c.n = 0 AND c.rollout_id IN (SELECT rollout_id FROM old_rows)
      AND NOT EXISTS (SELECT 1 FROM rollout_device AS rd WHERE rd.rollout_id = c.rollout_id);
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER pucs_rollout_counts_inserted AFTER INSERT ON rollout_device REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pucs_rollout_counts();
CREATE OR REPLACE TRIGGER pucs_rollout_counts_updated AFTER UPDATE ON rollout_device REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pucs_rollout_counts();
CREATE OR REPLACE TRIGGER pucs_rollout_counts_deleted AFTER DELETE ON rollout_device REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pucs_rollout_counts();
`,
  // Devices of a group left an individual target before the group rule (docs/ROLLOUTS.md, "The group rule").
  repair: repairGroupRule,
};
