/**
 * 'Move to group...' of the devices table: the selected devices (one type and team) go to a group
 * of their type chosen in a dialog, a group created there ('New group...', the group's add form as
 * a child), or to no group (out of the one they are in), after the in-page confirmation says who
 * leaves which group, how many join and who loses their own target firmware to the group's ('12
 * devices will leave Greenhouse North', '30 devices will join Greenhouse South'), in batch calls
 * (PUT /api/batch/device with group_id, null for no group), with progress per batch, stopping at
 * the first refusal.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import type { Identifier } from 'react-admin';
import { mustGetCategory } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { BATCH_MAX } from '../../batch';
import { reportError } from '../../dataProvider/errors';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { ChooseOneDialog } from '../list/ChooseOneDialog';
import { useBulkRun } from '../list/useBulkRun';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { ChildFormDialog } from '../object/ChildFormDialog';
import { GROUP_MOVE_TOUCHES, setDevicesGroup } from '../devices_group/groupMembership';
import { fetchGroupChoice, movePlan, type GroupChoice } from './bulkDevices';
import { useSelectedDevices, type SelectedDevices } from './useSelectedDevices';

export const MoveToGroupButton = () => {
  const { read, reading, none } = useSelectedDevices();
  const confirm = useConfirm();
  const { run, dialog, running } = useBulkRun();
  const { dataProvider, changed } = useObjectCalls();
  const [choosing, setChoosing] = useState<SelectedDevices>();
  const [creating, setCreating] = useState<SelectedDevices>();
  const groups = mustGetCategory('devices_group');

  /** To the group, or out of every group (null). */
  const move = async (selection: SelectedDevices, groupId: Identifier | null) => {
    setChoosing(undefined);
    setCreating(undefined);
    let group: GroupChoice | null = null;
    try {
      group = groupId === null ? null : await fetchGroupChoice(dataProvider, groupId);
    } catch (error) {
      reportError(error);
      return;
    }
    const { moving, lines, title } = movePlan(selection.devices, group);
    // Spec section 5: a change of group ends with the spec's question.
    if (!(await confirm({ text: [...lines, messages.confirmChanges].join('\n'), confirmLabel: ownMessages.moveAction })) || moving.length === 0) return;
    const result = await run({
      title,
      items: moving,
      batchSize: BATCH_MAX,
      nameOf: (d) => d.name,
      step: (batch) => setDevicesGroup(dataProvider, batch.map((d) => d.id), groupId),
    });
    if (result.done > 0) await changed(GROUP_MOVE_TOUCHES);
  };

  return (
    <>
      <Button onClick={() => void read().then(setChoosing)} disabled={reading || running || none} startIcon={<DriveFileMoveIcon />}>
        {ownMessages.moveToGroup}
      </Button>
      {choosing && (
        <ChooseOneDialog
          title={ownMessages.moveToGroup}
          category={groups}
          filters={{ team_id: choosing.team_id, type_id: choosing.type_id }}
          label={groups.title}
          confirmLabel={ownMessages.moveAction}
          onChoose={(group) => void move(choosing, group.id)}
          none={{ label: ownMessages.noGroupChoice, onChoose: () => void move(choosing, null) }}
          create={{
            label: ownMessages.newGroupChoice,
            onCreate: () => {
              setCreating(choosing);
              setChoosing(undefined);
            },
          }}
          onClose={() => setChoosing(undefined)}
        />
      )}
      {creating && (
        <ChildFormDialog
          category={groups}
          preset={{ team_id: creating.team_id, type_id: creating.type_id }}
          onCreated={(group) => void move(creating, group.id)}
          onClose={() => setCreating(undefined)}
        />
      )}
      {dialog}
    </>
  );
};
