/**
 * The choices of a claim (spec section 2: a type and a target firmware, 'type and group
 * may be created inline'): the shared pickers of the chosen team's types, the type's groups and
 * firmwares, each with the usual order (a team before a type, a type before a group or firmware).
 * A device in a group has the group's target firmware (spec section 4), so a group disables the
 * firmware picker.
 */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Stack } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { Dropdown } from '../../resources/dropdown/Dropdown';
import { CreateInlineButton } from '../../resources/object/CreateInlineButton';

export interface Choices {
  typeId: number | null;
  groupId: number | null;
  firmwareId: number | null;
}

export const NO_CHOICES: Choices = { typeId: null, groupId: null, firmwareId: null };

const WithCreate = ({ children, create }: { children: ReactNode; create: ReactNode }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
    {children}
    {create}
  </Stack>
);

interface ClaimChoicesProps {
  teamId: number | null;
  choices: Choices;
  /** Takes updates (pickers clearing themselves may call it in one go). */
  onChange: Dispatch<SetStateAction<Choices>>;
}

export const ClaimChoices = ({ teamId, choices, onChange }: ClaimChoicesProps) => {
  const { typeId, groupId, firmwareId } = choices;
  // Another type's group and firmware do not fit: they go with the type.
  const chooseType = (id: number | null) => onChange((was) => (id === was.typeId ? was : { typeId: id, groupId: null, firmwareId: null }));
  const chooseGroup = (id: number | null) => onChange((was) => ({ ...was, groupId: id, firmwareId: id === null ? was.firmwareId : null }));
  const chooseFirmware = (id: number | null) => onChange((was) => ({ ...was, firmwareId: id }));
  const firmwareHelp = typeId === null ? messages.typeFirst : groupId !== null ? ownMessages.claimFirmwareOfGroup : undefined;
  return (
    <Stack spacing={2} data-testid="claim-choices">
      <WithCreate
        create={
          <CreateInlineButton
            category={mustGetCategory('type')}
            preset={{ team_id: teamId }}
            disabled={teamId === null}
            onCreated={(record) => chooseType(Number(record.id))}
          />
        }
      >
        <Dropdown
          category="type"
          label={ownMessages.claimedType}
          value={typeId}
          onChange={chooseType}
          filters={{ team_id: teamId }}
          disabled={teamId === null}
          helperText={teamId === null ? messages.teamFirst : typeId === null ? ownMessages.claimTypeKept : undefined}
          fullWidth
        />
      </WithCreate>
      <WithCreate
        create={
          <CreateInlineButton
            category={mustGetCategory('devices_group')}
            preset={{ team_id: teamId, type_id: typeId }}
            disabled={typeId === null}
            onCreated={(record) => chooseGroup(Number(record.id))}
          />
        }
      >
        <Dropdown
          category="devices_group"
          label={ownMessages.claimedGroup}
          value={groupId}
          onChange={chooseGroup}
          filters={{ type_id: typeId }}
          disabled={typeId === null}
          helperText={typeId === null ? messages.typeFirst : undefined}
          fullWidth
        />
      </WithCreate>
      <Dropdown
        category="firmware"
        label={ownMessages.claimedTargetFirmware}
        value={firmwareId}
        onChange={chooseFirmware}
        filters={{ type_id: typeId }}
        disabled={typeId === null || groupId !== null}
        helperText={firmwareHelp}
        fullWidth
      />
    </Stack>
  );
};
