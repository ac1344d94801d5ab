/**
 * 'Move to group...' of the devices table: the selected devices (one type and team) go to a group
 * of their type chosen in a dialog, or to no group (out of the one they are in), after the in-page
 * confirmation says who leaves which group and how many join ('12 devices will leave Greenhouse
 * North', '30 devices will join Greenhouse South'), one spec call each (PUT /api/device/{id} with
 * group_id, null for no group), with progress, stopping at the first refusal.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import type { Identifier } from 'react-admin';
import { mustGetCategory } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { ChooseOneDialog } from '../list/ChooseOneDialog';
import { useBulkRun } from '../list/useBulkRun';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { GROUP_MOVE_TOUCHES, setDeviceGroup } from '../devices_group/groupMembership';
import { movePlan } from './bulkDevices';
import { useSelectedDevices, type SelectedDevices } from './useSelectedDevices';

export const MoveToGroupButton = () => {
  const { read, reading, none } = useSelectedDevices();
  const confirm = useConfirm();
  const { run, dialog, running } = useBulkRun();
  const { dataProvider, changed } = useObjectCalls();
  const [choosing, setChoosing] = useState<SelectedDevices>();
  const groups = mustGetCategory('devices_group');

  /** To the group, or out of every group (null). */
  const move = async (selection: SelectedDevices, group: { id: Identifier; name: string } | null) => {
    setChoosing(undefined);
    const { moving, lines, title } = movePlan(selection.devices, group);
    // Spec section 5: a change of group ends with the spec's question.
    if (!(await confirm({ text: [...lines, messages.confirmChanges].join('\n'), confirmLabel: ownMessages.moveAction })) || moving.length === 0) return;
    const result = await run({ title, items: moving, nameOf: (d) => d.name, step: (d) => setDeviceGroup(dataProvider, d.id, group?.id ?? null) });
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
          onChoose={(group) => void move(choosing, { id: group.id, name: group.label })}
          none={{ label: ownMessages.noGroupChoice, onChoose: () => void move(choosing, null) }}
          onClose={() => setChoosing(undefined)}
        />
      )}
      {dialog}
    </>
  );
};
