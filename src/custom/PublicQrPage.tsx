/**
 * The public QR page (/qr?id=...), reachable without signing in (spec section 2). For now it reads
 * the public information and shows the device label; claiming and full information come later.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { LinkBase, Loading } from 'react-admin';
import { messages, ownMessages } from '../messages';
import { http, isAbortError } from '../dataProvider/http';
import { useQueryParam } from '../resources/useQueryParam';
import { useProfileState } from './useProfileState';
import { qrLoginHref } from './qrPaths';

/** spec section 3: QR public info. */
export interface QrPublicInfo {
  id: number;
  to_be_claimed?: boolean;
  label_svg_image?: string | null;
  provisioning?: unknown;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; info: QrPublicInfo };

function useQrPublicInfo(id: string | undefined): Load {
  // Keyed by id so that a new id shows 'loading' at once, without a state reset in the effect.
  const [result, setResult] = useState<{ id: string; load: Load }>();
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    const done = (load: Load) => setResult({ id, load });
    http<QrPublicInfo | null>(`/execute_qr_code_action/${encodeURIComponent(id)}`, { signal: controller.signal })
      .then(({ json }) => done(json ? { state: 'loaded', info: json } : { state: 'failed' }))
      .catch((error) => {
        if (!isAbortError(error)) done({ state: 'failed' });
      });
    return () => controller.abort();
  }, [id]);
  if (!id) return { state: 'failed' };
  return result?.id === id ? result.load : { state: 'loading' };
}

export const PublicQrPage = () => {
  const id = useQueryParam('id');
  const load = useQrPublicInfo(id);
  const profile = useProfileState();
  const svg = load.state === 'loaded' ? load.info.label_svg_image : undefined;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {messages.productName}
            </Typography>
            {load.state === 'loading' && <Loading />}
            {load.state === 'failed' && <Alert severity="error">{messages.qrInvalid}</Alert>}
            {svg && (
              <Box
                component="img"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                alt=""
                sx={{ maxWidth: '100%' }}
              />
            )}
            <Stack direction="row" spacing={3}>
              {profile.status === 'signedOut' && (
                <Link component={LinkBase} to={qrLoginHref(id)}>
                  {ownMessages.signIn}
                </Link>
              )}
              <Link component={LinkBase} to="/">
                {messages.home}
              </Link>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
