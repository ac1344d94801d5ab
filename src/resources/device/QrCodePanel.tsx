/**
 * The QR code block of an existing device (spec section 2, Device form): the code of its /qr link
 * as an image, 'Generate QR code' for the team's admins while it has none, and 'Regenerate' after
 * a confirmation, since printed labels with the old code then stop working. Members who cannot
 * generate one see nothing while there is none (spec section 7: a missing code is no error).
 */
import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { http } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import type { ObjectPanelProps } from '../overrides';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { useQrCode, type QrCodeAnswer } from './useQrCode';

export const QrCodePanel = ({ record, isAdmin }: ObjectPanelProps) => {
  const deviceId = record?.id;
  const { code, replace } = useQrCode(deviceId);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();

  if (deviceId === undefined || (code === null && !isAdmin)) return null;

  const generate = async () => {
    if (code && !(await confirm({ text: ownMessages.regenerateQrConfirm }))) return;
    setBusy(true);
    try {
      const { json } = await http<QrCodeAnswer>(`/device_qr_code/${deviceId}`, { method: 'POST' });
      await replace(json);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="qr-code-panel" sx={{ my: 2 }}>
      <Typography variant="subtitle1">{ownMessages.qrCode}</Typography>
      {code && (
        <>
          <Box component="img" src={code.image} alt={ownMessages.qrImageAlt(code.link)} sx={{ width: 160, height: 160 }} />
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {code.link}
          </Typography>
        </>
      )}
      {isAdmin && code !== undefined && (
        <Box>
          <Button variant="outlined" disabled={busy} onClick={() => void generate()}>
            {code ? ownMessages.regenerateQr : ownMessages.generateQr}
          </Button>
        </Box>
      )}
    </Stack>
  );
};
