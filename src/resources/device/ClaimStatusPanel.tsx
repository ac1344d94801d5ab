/**
 * The claim status of an existing device (spec sections 2 and 4, Device form): whether it waits to
 * be claimed and, for the team's admins, setting or unsetting it. The server keeps only a hash of
 * the claim code, so the code it answers is shown here once, large and copyable, and never again.
 */
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { reportError } from '../../dataProvider/errors';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { CopyButton } from '../object/CopyButton';
import type { ObjectPanelProps } from '../overrides';

export const ClaimStatusPanel = ({ category, record, isAdmin }: ObjectPanelProps) => {
  const { dataProvider, changed } = useObjectCalls();
  const [shown, setShown] = useState<{ deviceId: unknown; code: string }>();
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const deviceId = record?.id;
  if (deviceId === undefined) return null;
  const waiting = record?.to_be_claimed === true;
  const code = shown?.deviceId === deviceId ? shown.code : undefined;

  const setStatus = async (toBeClaimed: boolean, confirmText?: string) => {
    if (confirmText && !(await confirm({ text: confirmText }))) return;
    setBusy(true);
    try {
      const { claim_code } = await dataProvider.setClaimStatus({ id: deviceId, toBeClaimed });
      setShown(claim_code ? { deviceId, code: claim_code } : undefined);
      // The device's status changed: its screen, and any table showing it, read it again.
      await changed([category.key]);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="claim-status-panel" sx={{ my: 2 }}>
      <Typography variant="subtitle1">{ownMessages.claimStatus}</Typography>
      <Typography variant="body2">{waiting ? ownMessages.qrWaitingToBeClaimed : ownMessages.notWaitingToBeClaimed}</Typography>
      {code !== undefined && (
        <Alert severity="warning" icon={false}>
          <Typography variant="caption">{ownMessages.claimCode}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography data-testid="claim-code" sx={{ fontFamily: 'monospace', fontSize: { xs: 20, sm: 28 }, letterSpacing: 2, wordBreak: 'break-all' }}>
              {code}
            </Typography>
            <CopyButton text={code} label={ownMessages.copyClaimCode} byHand={ownMessages.copyClaimCodeByHand} />
          </Stack>
          <Typography variant="body2">{ownMessages.claimCodeShownOnce}</Typography>
        </Alert>
      )}
      {isAdmin && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {waiting ? (
            <>
              <Button variant="outlined" disabled={busy} onClick={() => void setStatus(true, ownMessages.newClaimCodeConfirm)}>
                {ownMessages.newClaimCode}
              </Button>
              <Button variant="outlined" color="warning" disabled={busy} onClick={() => void setStatus(false, ownMessages.unsetToBeClaimedConfirm)}>
                {ownMessages.unsetToBeClaimed}
              </Button>
            </>
          ) : (
            <Button variant="outlined" disabled={busy} onClick={() => void setStatus(true)}>
              {ownMessages.setToBeClaimed}
            </Button>
          )}
        </Box>
      )}
    </Stack>
  );
};
