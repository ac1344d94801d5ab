/**
 * The first step of a device bulk action: read the selected devices' facts (bulkDevices.ts) and
 * check they share one team and type, telling the user why not in the in-page dialog.
 */
import { useState } from 'react';
import { useDataProvider, useListContext, type Identifier } from 'react-admin';
import { reportError } from '../../dataProvider/errors';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { messages } from '../../messages';
import { useAdminTeams } from '../list/useAdminTeams';
import { commonTypeAndTeam, fetchDeviceFacts, type DeviceFacts } from './bulkDevices';

export interface SelectedDevices {
  devices: DeviceFacts[];
  team_id: Identifier;
  type_id: Identifier;
}

export function useSelectedDevices(): { read: () => Promise<SelectedDevices | undefined>; reading: boolean; none: boolean } {
  const { selectedIds } = useListContext();
  const confirm = useConfirm();
  const adminTeams = useAdminTeams();
  const dataProvider = useDataProvider();
  const [reading, setReading] = useState(false);

  const read = async () => {
    setReading(true);
    let devices: DeviceFacts[];
    try {
      devices = await fetchDeviceFacts(dataProvider, selectedIds);
    } catch (error) {
      reportError(error);
      return undefined;
    } finally {
      setReading(false);
    }
    if (devices.length === 0) return undefined;
    const common = commonTypeAndTeam(devices);
    if ('problem' in common) {
      await confirm({ text: common.problem, notice: true });
      return undefined;
    }
    if (!adminTeams.all([common.team_id])) {
      await confirm({ text: messages.onlyAdminsCanModify, notice: true });
      return undefined;
    }
    return { devices, ...common };
  };

  return { read, reading, none: selectedIds.length === 0 };
}
