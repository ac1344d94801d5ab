/**
 * The device's certificate and private key downloads (spec section 2, Device form), for the admins
 * of its team only, as the server answers them to no one else. The server makes both on the first
 * request, so the buttons are shown whether or not the device has them yet.
 */
import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ownMessages } from '../../messages';
import { downloadFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import type { ObjectPanelProps } from '../overrides';

const DOWNLOADS = [
  { path: 'certificate', label: ownMessages.downloadCertificate },
  { path: 'private_key', label: ownMessages.downloadPrivateKey },
] as const;

export const CertificatePanel = ({ record, isAdmin }: ObjectPanelProps) => {
  const [busy, setBusy] = useState(false);
  if (record?.id === undefined || !isAdmin) return null;
  const download = async (path: string) => {
    setBusy(true);
    try {
      await downloadFile(`/download/${path}/${record.id}`);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ my: 1 }}>
      {DOWNLOADS.map(({ path, label }) => (
        <Button key={path} onClick={() => void download(path)} disabled={busy} startIcon={<DownloadIcon />}>
          {label}
        </Button>
      ))}
    </Stack>
  );
};
