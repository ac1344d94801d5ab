/**
 * The claim section of the public QR page for a signed-in visitor and a device waiting to be
 * claimed (spec sections 2, 4 and 8): a user who administers no team is told so first, with what
 * to do; otherwise step 1 checks the claim code alone, step 2 shows what is claimed and the claim
 * form. The code stays in the page only: the server never tells it back.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { team } from '../../schemas/team';
import { ConsoleLink } from '../ConsoleLink';
import { checkClaimCode, claimFailure, useAdminTeams, type ClaimedDevice } from './claimApi';
import { ClaimForm } from './ClaimForm';
import { rememberClaimed, type Claimed } from './ClaimedNotice';

interface ClaimSectionProps {
  qrId: string;
  contact: string | undefined;
  /** After a successful claim; by default the page reloads (spec) and then says so (ClaimedNotice). */
  onClaimed?: (claimed: Claimed) => void;
}

type Problem = { kind: 'required' } | { kind: 'wrong' } | { kind: 'failed'; text: string };

/** Spec section 6: a device is claimed into a team the user administers; anyone signed in may create one. */
const NoAdminTeams = () => (
  <Alert severity="info" data-testid="no-admin-teams">
    {ownMessages.noAdminTeams} {ownMessages.noAdminTeamsHelp(team.plural)}
    <Box>
      <ConsoleLink href={team.console.list}>{ownMessages.openTeams(team.plural)}</ConsoleLink>
    </Box>
  </Alert>
);

const Details = ({ device }: { device: ClaimedDevice }) => {
  const rows: [string, string][] = [
    [ownMessages.claimedDevice, device.name],
    [ownMessages.claimedType, device.type ?? ''],
    [ownMessages.claimedUid, device.uid_for_type],
    [ownMessages.claimedTeam, device.team],
  ];
  if (device.target_firmware) rows.push([ownMessages.claimedTargetFirmware, messages.firmwareOption(device.target_firmware.name, device.target_firmware.version)]);
  return (
    <Box component="dl" data-testid="claimed-device" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

export const ClaimSection = ({ qrId, contact, onClaimed }: ClaimSectionProps) => {
  const { teams, error: teamsError } = useAdminTeams();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const [device, setDevice] = useState<{ code: string; device: ClaimedDevice }>();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const claimCode = code.trim();
    if (claimCode === '') {
      setProblem({ kind: 'required' });
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await checkClaimCode(qrId, claimCode);
      if (answer.is_code_valid) setDevice({ code: claimCode, device: answer.device });
      else setProblem({ kind: 'wrong' });
    } catch (error) {
      const text = claimFailure(error);
      setProblem(text === undefined ? undefined : { kind: 'failed', text });
    } finally {
      setBusy(false);
    }
  };

  const claimed = (done: Claimed) => {
    if (onClaimed) return onClaimed(done);
    rememberClaimed(qrId, done);
    window.location.reload();
  };

  const heading = (
    <Typography variant="h6" component="h2">
      {ownMessages.claimTheDevice}
    </Typography>
  );
  if (teamsError !== undefined || teams?.length === 0)
    return (
      <Stack spacing={2} data-testid="claim-section">
        {heading}
        {teamsError !== undefined ? <Alert severity="error">{teamsError}</Alert> : <NoAdminTeams />}
      </Stack>
    );
  return (
    <Stack spacing={2} data-testid="claim-section">
      {heading}
      {device && teams ? (
        <>
          <Details device={device.device} />
          <ClaimForm
            device={device.device}
            claimCode={device.code}
            teams={teams}
            onClaimed={claimed}
            onWrongCode={() => {
              setDevice(undefined);
              setProblem({ kind: 'wrong' });
            }}
          />
        </>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={(event: FormEvent) => void check(event)}>
          <TextField
            label={ownMessages.claimCode}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (problem?.kind === 'required') setProblem(undefined);
            }}
            error={problem?.kind === 'required'}
            helperText={problem?.kind === 'required' ? ownMessages.claimCodeRequired : undefined}
            autoComplete="off"
            size="small"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } }, inputLabel: { required: true } }}
          />
          {problem?.kind === 'wrong' && (
            <Alert severity="error">
              {messages.wrongClaimCode}
              {contact && (
                <>
                  {' '}
                  <Link href={contact}>{ownMessages.qrContact}</Link>
                </>
              )}
            </Alert>
          )}
          {problem?.kind === 'failed' && <Alert severity="error">{problem.text}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {ownMessages.checkClaimCode}
            </Button>
          </Box>
        </Stack>
      )}
    </Stack>
  );
};
