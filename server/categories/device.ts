/**
 * Devices (spec section 4, 'Group choice'; section 5): a device in a group follows the group's
 * target firmware, so choosing a group sets it, and an individual one is refused. Its own list
 * of documents names documents of its team (documentLists.ts).
 */
import type { CategoryHooks, CreateContext, Row } from '../crud/hooks';
import { messages } from '../../src/messages';
import { badRequest } from '../http/errors';
import { checkDocumentList } from './documentLists';

async function followGroup({ tx, input }: CreateContext, existing?: Row): Promise<void> {
  const groupId = 'group_id' in input ? input.group_id : existing?.group_id;
  if (groupId === null || groupId === undefined) return;
  const { rows } = await tx.query<{ target_firmware_id: number | null }>(
    `SELECT "target_firmware_id" FROM "devices_group" WHERE "id" = $1`,
    [groupId],
  );
  const groupFirmware = rows[0]?.target_firmware_id ?? null;
  if ('target_firmware_id' in input && input.target_firmware_id !== groupFirmware) {
    throw badRequest(messages.individualFirmwareInGroup);
  }
  if ('group_id' in input) input.target_firmware_id = groupFirmware;
}

export const deviceHooks: CategoryHooks = {
  async beforeCreate(ctx) {
    await followGroup(ctx);
    await checkDocumentList(ctx);
  },
  async beforeUpdate(ctx) {
    await followGroup(ctx, ctx.existing);
    await checkDocumentList(ctx, ctx.existing);
  },
};
