/**
 * The devices-in-group block (spec section 2) under the group's form, once the group exists
 * (view and edit): its devices, each with 'Delete from the group', and 'Add devices'. Only
 * administrators of the group's team see the buttons; for others the block is read-only.
 */
import { Button, Card, CardContent, List, ListItem, TablePagination, Typography } from '@mui/material';
import { useState } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import { mustGetCategory } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { ObjectViewLink } from '../ObjectViewLink';
import type { ObjectPanelProps } from '../overrides';
import { AddDevicesDialog } from './AddDevicesDialog';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { GROUP_MOVE_TOUCHES, removeDeviceFromGroup } from './groupMembership';

/** The group's list of devices in its full form names the category of its members. */
const MEMBERS_LIST = 'devices';
/** A group may hold thousands of devices: the block shows them a page at a time. */
const PAGE_SIZE = 25;

interface Member {
  id: Identifier;
  name?: unknown;
}

export const DevicesInGroupPanel = ({ category, record, isAdmin }: ObjectPanelProps) => {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removing, setRemoving] = useState<Identifier | null>(null);
  const [page, setPage] = useState(0);
  const { dataProvider, changed } = useObjectCalls();
  if (!record || record.id === undefined || record.id === null) return null;

  const memberCategory = mustGetCategory(category.lists?.[MEMBERS_LIST]?.category ?? '');
  const members = (Array.isArray(record[MEMBERS_LIST]) ? record[MEMBERS_LIST] : []) as Member[];
  // After removals the last page may be gone: show the last one that still exists.
  const shownPage = Math.min(page, Math.max(0, Math.ceil(members.length / PAGE_SIZE) - 1));
  const shown = members.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);

  const remove = async (id: Identifier) => {
    setRemoving(id);
    await removeDeviceFromGroup(dataProvider, id);
    setRemoving(null);
    // The group's form (its list of devices) is among what changed.
    await changed(GROUP_MOVE_TOUCHES);
  };

  return (
    <Card component="section" aria-label={memberCategory.plural} data-testid="devices-in-group">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {memberCategory.plural}
        </Typography>
        {members.length === 0 ? (
          <Typography variant="body2">{ownMessages.noDevicesInGroup}</Typography>
        ) : (
          <List dense disablePadding>
            {shown.map((device) => (
              <ListItem key={device.id} disableGutters sx={{ gap: 2 }}>
                <ObjectViewLink category={memberCategory} id={device.id}>
                  {String(device.name ?? '')}
                </ObjectViewLink>
                {isAdmin && (
                  <Button size="small" disabled={removing !== null} onClick={() => remove(device.id)}>
                    {messages.deleteFromGroup}
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        )}
        {members.length > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={members.length}
            page={shownPage}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, next) => setPage(next)}
          />
        )}
        {isAdmin && (
          <Button variant="outlined" size="small" sx={{ mt: 1 }} onClick={() => setDialogOpen(true)}>
            {messages.addDevices}
          </Button>
        )}
        {isAdmin && dialogOpen && (
          <AddDevicesDialog group={groupKey(record)} onClose={() => setDialogOpen(false)} />
        )}
      </CardContent>
    </Card>
  );
};

function groupKey(record: RaRecord) {
  return {
    id: record.id,
    type_id: record.type_id as Identifier,
    team_id: record.team_id as Identifier,
    name: String(record.name ?? ''),
    type_name: String(record.type_name ?? ''),
  };
}
