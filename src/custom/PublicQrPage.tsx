/**
 * The public QR page (/qr?id=...), reachable without signing in (spec sections 2 and 6): the
 * device label, whether the device waits to be claimed, its provisioning, and what the visitor
 * must do next: sign in, or ask to join the device's team, or open the device.
 */
import { Alert, Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { LinkBase, Loading } from 'react-admin';
import { messages, ownMessages } from '../messages';
import { device } from '../schemas/device';
import { objectHref, viewRoute } from '../resources/consoleRoutes';
import { useQueryParam } from '../resources/useQueryParam';
import { useProfileState } from './useProfileState';
import { qrLoginHref, type QrPublicInfo } from './qrPaths';
import { svgDataUrl } from './qrImage';
import { useQrContact, useQrPublicInfo } from './qrPublicInfo';
import { ClaimSection } from './claim/ClaimSection';

const Provisioning = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <Typography variant="body2">{messages.provisioningNotProvided}</Typography>
  ) : (
    <Box>
      <Typography variant="subtitle1">{ownMessages.qrProvisioning}</Typography>
      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
        {JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );

/**
 * What the visitor is told about their access, from their sign-in and what the server told them.
 * A device waiting to be claimed offers the claim instead of the not-a-member message; members
 * of its team may claim it too, into another of their teams.
 */
const Access = ({ info, signedIn, contact }: { info: QrPublicInfo; signedIn: boolean; contact: string | undefined }) => {
  if (!signedIn) return <Alert severity="info">{info.to_be_claimed ? messages.loginToClaim : messages.loginToSee}</Alert>;
  const claim = info.to_be_claimed && <ClaimSection qrId={info.id} contact={contact} />;
  if (info.device_id === undefined) return claim || <Alert severity="warning">{messages.notTeamMember}</Alert>;
  return (
    <>
      <Link component={LinkBase} to={objectHref(viewRoute(device), info.device_id)}>
        {ownMessages.qrFullInformation}
      </Link>
      {claim}
    </>
  );
};

export const PublicQrPage = () => {
  const id = useQueryParam('id');
  const profile = useProfileState();
  const load = useQrPublicInfo(id, profile.status === 'signedIn');
  const contact = useQrContact();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 2 } }}>
      <Card sx={{ width: '100%', maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {messages.productName}
            </Typography>
            {(load.state === 'loading' || profile.status === 'loading') && <Loading />}
            {load.state === 'failed' && <Alert severity="error">{load.message}</Alert>}
            {load.state === 'loaded' && profile.status !== 'loading' && (
              <>
                {load.info.label_svg_image && (
                  <Box component="img" src={svgDataUrl(load.info.label_svg_image)} alt={ownMessages.qrLabelAlt} sx={{ maxWidth: '100%' }} />
                )}
                {load.info.to_be_claimed && <Alert severity="success">{ownMessages.qrWaitingToBeClaimed}</Alert>}
                <Provisioning value={load.info.provisioning} />
                <Access info={load.info} signedIn={profile.status === 'signedIn'} contact={contact} />
              </>
            )}
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
              {profile.status === 'signedOut' && (
                <Link component={LinkBase} to={qrLoginHref(id)}>
                  {ownMessages.signIn}
                </Link>
              )}
              <Link component={LinkBase} to="/">
                {messages.home}
              </Link>
              {contact && <Link href={contact}>{ownMessages.qrContact}</Link>}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
