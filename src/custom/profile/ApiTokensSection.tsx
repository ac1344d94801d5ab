/**
 * The profile page's API tokens: the user's own (name, teams, read-only, expiry, last use), a
 * button that makes one (NewTokenDialog) and a Revoke per token, confirmed in the page. The list is
 * read again after each change; a failure shows the catalogue's way (dataProvider/errors.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNotify } from 'react-admin';
import { ownMessages } from '../../messages';
import type { ApiTokenInfo } from '../../apiTokens';
import { formatDate, relativeTime } from '../../formatDate';
import { reportError } from '../../dataProvider/errors';
import { useConfirm } from '../confirm/useConfirm';
import { NewTokenDialog } from './NewTokenDialog';
import { listTokens, revokeToken } from './tokenCalls';

const teamsText = (token: ApiTokenInfo) => (token.teams === null ? ownMessages.tokenAllTeams : token.teams.map((t) => t.name).join(', '));

const expiryText = (token: ApiTokenInfo) => (Date.parse(token.expires_at) <= Date.now() ? ownMessages.tokenExpired : formatDate(token.expires_at, { time: false }));

export const ApiTokensSection = ({ teams }: { teams: readonly { id: number; name: string }[] }) => {
  const [tokens, setTokens] = useState<ApiTokenInfo[]>();
  const [making, setMaking] = useState(false);
  const notify = useNotify();
  const confirm = useConfirm();

  const reload = useCallback(() => listTokens().then(setTokens, (error: unknown) => reportError(error)), []);
  useEffect(() => void reload(), [reload]);

  const revoke = async (token: ApiTokenInfo) => {
    if (!(await confirm({ text: ownMessages.revokeTokenConfirm(token.name), confirmLabel: ownMessages.revokeToken, danger: true }))) return;
    try {
      await revokeToken(token.id);
      notify(ownMessages.tokenRevoked(token.name), { type: 'success' });
    } catch (error) {
      reportError(error);
    }
    await reload();
  };

  return (
    <Box component="section" aria-labelledby="api-tokens-heading">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" id="api-tokens-heading">
          {ownMessages.apiTokens}
        </Typography>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setMaking(true)}>
          {ownMessages.newApiToken}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {ownMessages.apiTokensText}
      </Typography>
      {tokens?.length === 0 && <Typography sx={{ my: 2 }}>{ownMessages.noApiTokens}</Typography>}
      {tokens !== undefined && tokens.length > 0 && (
        <Table size="small" aria-labelledby="api-tokens-heading">
          <TableHead>
            <TableRow>
              <TableCell>{ownMessages.tokenName}</TableCell>
              <TableCell>{ownMessages.tokenTeams}</TableCell>
              <TableCell>{ownMessages.tokenExpires}</TableCell>
              <TableCell>{ownMessages.tokenLastUsed}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {tokens.map((token) => (
              <TableRow key={token.id}>
                <TableCell>
                  {token.name} {token.read_only && <Chip size="small" label={ownMessages.tokenReadOnlyLabel} />}
                </TableCell>
                <TableCell>{teamsText(token)}</TableCell>
                <TableCell>{expiryText(token)}</TableCell>
                <TableCell>{token.last_used_at === null ? ownMessages.tokenNeverUsed : relativeTime(token.last_used_at)}</TableCell>
                <TableCell align="right">
                  <Button color="error" onClick={() => void revoke(token)}>
                    {ownMessages.revokeToken}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {making && (
        <NewTokenDialog
          teams={teams}
          onMade={(name) => {
            notify(ownMessages.tokenMade(name), { type: 'success' });
            void reload();
          }}
          onClose={() => setMaking(false)}
        />
      )}
    </Box>
  );
};
