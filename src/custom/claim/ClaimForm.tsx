/**
 * Step 2 of a claim (spec section 2, 'Device configuration and claim screens'): the team the
 * device goes into (one the user administers), the two options that default on and, behind the
 * advanced flag, the type and target firmware pickers of the chosen team with inline creation of
 * a type. A failure is shown in place and keeps every value, so the user can correct and retry.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { Dropdown } from '../../resources/dropdown/Dropdown';
import { CreateInlineButton } from '../../resources/object/CreateInlineButton';
import { reportError } from '../../dataProvider/errors';
import { addSupportUser, claimDevice, claimFailure, useAdminTeams, type ClaimBody, type ClaimedDevice } from './claimApi';

export const ClaimForm = ({ device, claimCode, onClaimed }: { device: ClaimedDevice; claimCode: string; onClaimed: () => void }) => {
  const { teams, error: teamsError } = useAdminTeams();
  // undefined until the user chooses (the zero option included).
  const [chosenTeam, setChosenTeam] = useState<number | null>();
  const [teamError, setTeamError] = useState(false);
  const [copyFirmware, setCopyFirmware] = useState(true);
  const [addSupport, setAddSupport] = useState(true);
  const [advanced, setAdvanced] = useState(false);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [firmwareId, setFirmwareId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Spec 'Dropdown': with a single team and nothing preselected, that team is selected automatically.
  const teamId = chosenTeam !== undefined ? chosenTeam : teams?.length === 1 ? teams[0].id : null;

  const chooseTeam = (id: number | null) => {
    setChosenTeam(id);
    setTeamError(false);
    // A type belongs to one team, and the firmware to its type: neither fits another team, even
    // when the advanced pickers are hidden and cannot clear themselves.
    if (id !== teamId) {
      setTypeId(null);
      setFirmwareId(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (teamId === null) {
      setTeamError(true);
      return;
    }
    const body: ClaimBody = { claim_code: claimCode, team_id: teamId, should_firmware_be_copied: copyFirmware };
    if (advanced && typeId !== null) body.type_id = typeId;
    if (advanced && firmwareId !== null) body.target_firmware_id = firmwareId;
    setBusy(true);
    setFailure(undefined);
    try {
      await claimDevice(device.id, body);
    } catch (error) {
      setFailure(claimFailure(error));
      setBusy(false);
      return;
    }
    if (body.type_id === undefined && device.type_id == null) console.info(ownMessages.claimNoTypeFound);
    // The device is the team's already: a failed support-user call is told, then the page shows the result.
    if (addSupport) await addSupportUser(teamId).catch((error: unknown) => reportError(error));
    onClaimed();
  };

  if (teamsError !== undefined) return <Alert severity="error">{teamsError}</Alert>;
  if (teams?.length === 0) return <Alert severity="info">{ownMessages.noAdminTeams}</Alert>;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event: FormEvent) => void submit(event)}>
      <TextField
        select
        label={ownMessages.claimIntoTeam}
        value={teamId === null ? '' : String(teamId)}
        onChange={(event) => chooseTeam(event.target.value === '' ? null : Number(event.target.value))}
        error={teamError}
        helperText={teamError ? messages.teamRequired : undefined}
        disabled={teams === undefined}
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true, required: true } }}
      >
        <option value="" />
        {(teams ?? []).map((team) => (
          <option key={team.id} value={String(team.id)}>
            {team.name}
          </option>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <FormControlLabel
          control={<Checkbox checked={copyFirmware} onChange={(event) => setCopyFirmware(event.target.checked)} />}
          label={ownMessages.copyFirmwareOption}
        />
        <FormControlLabel
          control={<Checkbox checked={addSupport} onChange={(event) => setAddSupport(event.target.checked)} />}
          label={ownMessages.addSupportUserOption}
        />
        <FormControlLabel
          control={<Checkbox checked={advanced} onChange={(event) => setAdvanced(event.target.checked)} />}
          label={ownMessages.claimAdvanced}
        />
      </Box>
      {advanced && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Dropdown
              category="type"
              label={ownMessages.claimedType}
              value={typeId}
              onChange={setTypeId}
              filters={{ team_id: teamId }}
              disabled={teamId === null}
              helperText={teamId === null ? messages.teamFirst : undefined}
              fullWidth
            />
            <CreateInlineButton
              category={mustGetCategory('type')}
              preset={{ team_id: teamId }}
              disabled={teamId === null}
              onCreated={(record) => setTypeId(Number(record.id))}
            />
          </Stack>
          <Dropdown
            category="firmware"
            label={ownMessages.claimedTargetFirmware}
            value={firmwareId}
            onChange={setFirmwareId}
            filters={{ type_id: typeId }}
            disabled={typeId === null}
            helperText={typeId === null ? messages.typeFirst : undefined}
            fullWidth
          />
        </Stack>
      )}
      {failure !== undefined && <Alert severity="error">{failure}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy || teams === undefined}>
          {ownMessages.claimSubmit}
        </Button>
      </Box>
    </Stack>
  );
};
