/**
 * What a successful claim says after the page reloads (spec section 2: on success the page
 * reloads): the device is now in the chosen team, with a link to its page. The reload drops the
 * page's state, so the claim is kept in sessionStorage for that QR id, shown once, then forgotten.
 */
import { useEffect, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { ownMessages } from '../../messages';
import { device as deviceCategory } from '../../schemas/device';
import { objectHref, viewRoute } from '../../resources/consoleRoutes';
import { ConsoleLink } from '../ConsoleLink';

export interface Claimed {
  deviceId: number;
  device: string;
  team: string;
}

const key = (qrId: string) => `pucs.claimed.${qrId}`;

/** Kept for the page that follows the reload; a browser refusing storage only loses the message. */
export function rememberClaimed(qrId: string, claimed: Claimed): void {
  try {
    sessionStorage.setItem(key(qrId), JSON.stringify(claimed));
  } catch {
    // The claim is done either way: the reloaded page shows the device's link.
  }
}

function takeClaimed(qrId: string): Claimed | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key(qrId)) ?? 'null') as Partial<Claimed> | null;
    if (typeof stored?.deviceId !== 'number' || typeof stored.device !== 'string' || typeof stored.team !== 'string') return undefined;
    return { deviceId: stored.deviceId, device: stored.device, team: stored.team };
  } catch {
    return undefined;
  }
}

export const ClaimedNotice = ({ qrId }: { qrId: string }) => {
  const [claimed] = useState(() => takeClaimed(qrId));
  // Forgotten once read (not while reading: React may render twice), so that a later visit says nothing.
  useEffect(() => {
    try {
      sessionStorage.removeItem(key(qrId));
    } catch {
      // Nothing was kept.
    }
  }, [qrId]);
  if (!claimed) return null;
  return (
    <Alert severity="success" data-testid="claimed-notice">
      {ownMessages.claimedInto(claimed.device, claimed.team)}
      <Box>
        <ConsoleLink href={objectHref(viewRoute(deviceCategory), claimed.deviceId)}>{ownMessages.openClaimedDevice}</ConsoleLink>
      </Box>
    </Alert>
  );
};
