/**
 * The group rule's repair (docs/ROLLOUTS.md, "The group rule"), run by every migration
 * (ROLLOUT_TABLES.repair, server/db/migrate.ts). The spec makes a group's devices follow the group's
 * target firmware ('a device in a group cannot have an individual firmware'); before the group rule a
 * rollout over chosen devices or a filter could take devices of a group and leave them its firmware as
 * their own target. Such a device gets its group's target again (none when the group has none, as a
 * device put in that group would: server/crud/follows.ts realignFollowers), with its audit entry (action
 * 'follow', by no user), unless a rollout holds it (a rollout over its group sets its target until it ends). And a
 * rollout over a group, which always gives every device back on abort (rollsBackAll), says so in its
 * rollback_on_abort, as one made since does (server/categories/rollout.ts). Once the data follows the
 * rule, it changes nothing.
 */
import type { Queryable } from '../db/database';
import type { Category } from '../../src/schemas/defineCategory';
import { realignFollowers } from '../crud/follows';

export async function repairGroupRule(tx: Queryable, categories: readonly Category[]): Promise<void> {
  const find = (key: string) => categories.find((c) => c.key === key);
  const device = find('device');
  if (device?.fields.target_firmware_id?.follows?.via === 'group_id' && find('devices_group')) {
    await realignFollowers(tx, device, 'target_firmware_id', `EXISTS (SELECT 1 FROM "rollout_device" AS "h" WHERE "h"."device_id" = "t"."id" AND "h"."holds")`);
  }
  if (find('rollout')?.fields.rollback_on_abort) {
    await tx.query('UPDATE "rollout" SET "rollback_on_abort" = true WHERE "devices_group_id" IS NOT NULL AND NOT "rollback_on_abort"');
  }
}
