/**
 * Step 2 of a claim (spec section 2, 'Device configuration and claim screens'): the team the
 * device goes into (one the user administers), the type, group and target firmware of the chosen
 * team (a type or a group may be created inline), the two options that default on, and the
 * further advanced flag (off by default), which explains what is kept and copied. A failure is
 * shown in place and keeps every value, so the user can correct and retry; a code no longer right
 * (a new one given, the device gone) goes back to step 1, where the catalogue's message is shown.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, TextField } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { reportError } from '../../dataProvider/errors';
import { HttpError } from '../../dataProvider/http';
import { addSupportUser, claimDevice, claimFailure, type AdminTeam, type ClaimBody, type ClaimedDevice } from './claimApi';
import type { Claimed } from './ClaimedNotice';
import { ClaimChoices, NO_CHOICES, type Choices } from './ClaimChoices';

interface ClaimFormProps {
  device: ClaimedDevice;
  claimCode: string;
  /** The teams the user administers (at least one). */
  teams: AdminTeam[];
  onClaimed: (claimed: Claimed) => void;
  /** The server answered that the code is wrong: only step 1 can take another. */
  onWrongCode: () => void;
}

/** An option with the words saying what it does under it. */
const Option = ({ checked, onChange, label, help, disabled }: { checked: boolean; onChange: (on: boolean) => void; label: string; help?: string; disabled?: boolean }) => (
  <Box>
    <FormControlLabel control={<Checkbox checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />} label={label} />
    {help !== undefined && <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{help}</FormHelperText>}
  </Box>
);

export const ClaimForm = ({ device, claimCode, teams, onClaimed, onWrongCode }: ClaimFormProps) => {
  // undefined until the user chooses (the zero option included).
  const [chosenTeam, setChosenTeam] = useState<number | null>();
  const [teamError, setTeamError] = useState(false);
  const [copyFirmware, setCopyFirmware] = useState(true);
  const [addSupport, setAddSupport] = useState(true);
  const [advanced, setAdvanced] = useState(false);
  const [choices, setChoices] = useState<Choices>(NO_CHOICES);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Spec 'Dropdown': with a single team and nothing preselected, that team is selected automatically.
  const teamId = chosenTeam !== undefined ? chosenTeam : teams.length === 1 ? teams[0].id : null;
  // A group's or a chosen firmware is the target: nothing is copied then.
  const firmwareChosen = choices.groupId !== null || choices.firmwareId !== null;

  const chooseTeam = (id: number | null) => {
    setChosenTeam(id);
    setTeamError(false);
    // A type, group and firmware belong to one team: none fits another.
    if (id !== teamId) setChoices(NO_CHOICES);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (teamId === null) {
      setTeamError(true);
      return;
    }
    const body: ClaimBody = { claim_code: claimCode, team_id: teamId, should_firmware_be_copied: copyFirmware && !firmwareChosen };
    if (choices.typeId !== null) body.type_id = choices.typeId;
    if (choices.groupId !== null) body.group_id = choices.groupId;
    else if (choices.firmwareId !== null) body.target_firmware_id = choices.firmwareId;
    setBusy(true);
    setFailure(undefined);
    try {
      await claimDevice(device.id, body);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400 && error.description === messages.wrongClaimCode) return onWrongCode();
      setFailure(claimFailure(error));
      setBusy(false);
      return;
    }
    if (body.type_id === undefined && device.type_id == null) console.info(ownMessages.claimNoTypeFound);
    // The device is the team's already: a failed support-user call is told, then the page shows the result.
    if (addSupport) await addSupportUser(teamId).catch((error: unknown) => reportError(error));
    onClaimed({ deviceId: device.id, device: device.name, team: teams.find((team) => team.id === teamId)?.name ?? '' });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event: FormEvent) => void submit(event)}>
      <TextField
        select
        label={ownMessages.claimIntoTeam}
        value={teamId === null ? '' : String(teamId)}
        onChange={(event) => chooseTeam(event.target.value === '' ? null : Number(event.target.value))}
        error={teamError}
        helperText={teamError ? messages.teamRequired : undefined}
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true, required: true } }}
      >
        <option value="" />
        {teams.map((team) => (
          <option key={team.id} value={String(team.id)}>
            {team.name}
          </option>
        ))}
      </TextField>
      <ClaimChoices teamId={teamId} choices={choices} onChange={setChoices} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Option checked={copyFirmware && !firmwareChosen} disabled={firmwareChosen} onChange={setCopyFirmware} label={ownMessages.copyFirmwareOption} />
        <Option checked={addSupport} onChange={setAddSupport} label={ownMessages.addSupportUserOption} help={ownMessages.addSupportUserHelp} />
        <Option checked={advanced} onChange={setAdvanced} label={ownMessages.claimAdvanced} help={advanced ? ownMessages.claimAdvancedOff : undefined} />
      </Box>
      {failure !== undefined && <Alert severity="error">{failure}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {ownMessages.claimSubmit}
        </Button>
      </Box>
    </Stack>
  );
};
