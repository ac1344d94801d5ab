/**
 * The QR code block of an existing device (spec section 2, Device form): the code of its /qr link
 * as an image, 'Generate QR code' for the team's admins while it has none, and 'Regenerate' after
 * a confirmation, since printed labels with the old code then stop working.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { HttpError, http, isAbortError } from '../../dataProvider/http';
import { reportError } from '../../dataProvider/errors';
import { qrImageUrl, qrLink } from '../../custom/qrImage';
import type { ObjectPanelProps } from '../overrides';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { announceQrCodeChange } from './qrCodeChanges';

interface QrCode {
  id: string;
  url: string;
}

type State = { state: 'loading' } | { state: 'none' } | { state: 'shown'; link: string; image: string };

async function shown(code: QrCode): Promise<State> {
  const link = qrLink(code.url, code.id);
  return { state: 'shown', link, image: await qrImageUrl(link) };
}

export const QrCodePanel = ({ record, isAdmin }: ObjectPanelProps) => {
  const deviceId = record?.id;
  const [result, setResult] = useState<{ deviceId: unknown; state: State }>();
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();

  useEffect(() => {
    if (deviceId === undefined) return;
    const controller = new AbortController();
    http<QrCode>(`/device_qr_code/${deviceId}`, { signal: controller.signal })
      .then(({ json }) => shown(json))
      .then((state) => setResult({ deviceId, state }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        if (error instanceof HttpError && error.status === 404) console.info(messages.qrNotGenerated);
        else reportError(error);
        setResult({ deviceId, state: { state: 'none' } });
      });
    return () => controller.abort();
  }, [deviceId]);

  const state: State = result && result.deviceId === deviceId ? result.state : { state: 'loading' };
  // Spec section 7: a missing code is only logged; members who cannot generate one see nothing.
  if (deviceId === undefined || (state.state === 'none' && !isAdmin)) return null;

  const generate = async () => {
    if (state.state === 'shown' && !(await confirm({ text: ownMessages.regenerateQrConfirm }))) return;
    setBusy(true);
    try {
      const { json } = await http<QrCode>(`/device_qr_code/${deviceId}`, { method: 'POST' });
      setResult({ deviceId, state: await shown(json) });
      announceQrCodeChange(deviceId);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="qr-code-panel" sx={{ my: 2 }}>
      <Typography variant="subtitle1">{ownMessages.qrCode}</Typography>
      {state.state === 'shown' && (
        <>
          <Box component="img" src={state.image} alt={ownMessages.qrImageAlt(state.link)} sx={{ width: 160, height: 160 }} />
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {state.link}
          </Typography>
        </>
      )}
      {isAdmin && state.state !== 'loading' && (
        <Box>
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => void generate()}
          >
            {state.state === 'shown' ? ownMessages.regenerateQr : ownMessages.generateQr}
          </Button>
        </Box>
      )}
    </Stack>
  );
};
