/**
 * The devices table's actions on the selected rows (react-admin bulk actions): move to a group,
 * set the target firmware, print labels, export and delete. The selection, its progress and the
 * stop at the first failure are the generic table's (src/resources/list/).
 */
import type { BulkActionsProps } from '../overrides';
import { DeleteSelectedButton } from '../list/DeleteSelectedButton';
import { ExportSelectedButton } from '../list/ExportSelectedButton';
import { MoveToGroupButton } from './MoveToGroupButton';
import { PrintLabelsButton } from './PrintLabelsButton';
import { SetTargetFirmwareButton } from './SetTargetFirmwareButton';
import { useAdminTeams } from '../list/useAdminTeams';

/** The actions that change devices are offered to team admins only; printing and exporting to all. */
export const DeviceBulkActions = ({ category }: BulkActionsProps) => {
  const admin = useAdminTeams().any === true;
  return (
    <>
      {admin && <MoveToGroupButton />}
      {admin && <SetTargetFirmwareButton />}
      <PrintLabelsButton category={category} />
      <ExportSelectedButton category={category} />
      {admin && <DeleteSelectedButton category={category} />}
    </>
  );
};
