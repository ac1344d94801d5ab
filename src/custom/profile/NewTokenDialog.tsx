/**
 * Making an API token: its name, life in days, teams (all of the user's, or some) and read-only
 * switch, checked as the server checks them (src/apiTokens.ts), then the token itself, shown this
 * once with a copy button: the server keeps only its hash, so closing the dialog loses it for good.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { TOKEN_MAX_DAYS } from '../../apiTokens';
import { HttpError } from '../../dataProvider/http';
import { CopyButton } from '../../resources/object/CopyButton';
import { makeToken } from './tokenCalls';

/** A pipeline's token lives a quarter by default: long enough to set up, short enough to renew. */
const DEFAULT_DAYS = '90';

interface Props {
  teams: readonly { id: number; name: string }[];
  onMade(name: string): void;
  onClose(): void;
}

interface Problems {
  name?: string;
  days?: string;
  teams?: string;
  server?: string;
}

export const NewTokenDialog = ({ teams, onMade, onClose }: Props) => {
  const [name, setName] = useState('');
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [allTeams, setAllTeams] = useState(true);
  const [chosen, setChosen] = useState<number[]>([]);
  const [readOnly, setReadOnly] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lifetime = Number(days);
    const found: Problems = {
      name: name.trim() === '' ? messages.nameEmpty : undefined,
      days: Number.isInteger(lifetime) && lifetime >= 1 && lifetime <= TOKEN_MAX_DAYS ? undefined : ownMessages.tokenExpiresInDays(TOKEN_MAX_DAYS),
      teams: !allTeams && chosen.length === 0 ? ownMessages.tokenTeamIds : undefined,
    };
    setProblems(found);
    if (found.name || found.days || found.teams) return;
    setBusy(true);
    try {
      const made = await makeToken({ name: name.trim(), expires_in_days: lifetime, read_only: readOnly, ...(allTeams ? {} : { team_ids: chosen }) });
      setToken(made.token);
      onMade(name.trim());
    } catch (error) {
      setProblems({ server: (error instanceof HttpError && error.description) || (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: number, on: boolean) => setChosen((old) => (on ? [...old, id] : old.filter((x) => x !== id)));

  if (token !== undefined) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="sm">
        <DialogTitle>{ownMessages.newApiToken}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {ownMessages.tokenShownOnce}
          </Alert>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography component="code" data-testid="new-api-token" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {token}
            </Typography>
            <CopyButton text={token} label={ownMessages.copyToken} byHand={ownMessages.copyTokenByHand} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {messages.close}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{ownMessages.newApiToken}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problems.server && <Alert severity="error">{problems.server}</Alert>}
            <TextField
              label={ownMessages.tokenName}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={problems.name !== undefined}
              helperText={problems.name}
              autoFocus
              required
            />
            <TextField
              label={ownMessages.tokenDays}
              type="number"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={problems.days !== undefined}
              helperText={problems.days}
              slotProps={{ htmlInput: { min: 1, max: TOKEN_MAX_DAYS, step: 1 } }}
              required
            />
            <FormGroup>
              <FormLabel component="legend" error={problems.teams !== undefined}>
                {ownMessages.tokenTeams}
              </FormLabel>
              <FormControlLabel control={<Checkbox checked={allTeams} onChange={(e) => setAllTeams(e.target.checked)} />} label={ownMessages.tokenAllTeams} />
              {!allTeams &&
                teams.map((team) => (
                  <FormControlLabel
                    key={team.id}
                    sx={{ pl: 3 }}
                    control={<Checkbox checked={chosen.includes(team.id)} onChange={(e) => toggle(team.id, e.target.checked)} />}
                    label={team.name}
                  />
                ))}
              {problems.teams && (
                <Typography variant="caption" color="error">
                  {problems.teams}
                </Typography>
              )}
            </FormGroup>
            <FormControlLabel control={<Switch checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />} label={ownMessages.tokenReadOnlyLabel} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{messages.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {ownMessages.makeToken}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
