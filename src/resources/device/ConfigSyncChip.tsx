/** The configuration sync state of spec section 4 as a chip coloured by what it asks of the user. */
import { Chip, type ChipProps } from '@mui/material';
import { ownMessages } from '../../messages';
import { SYNC_STATE, syncStateLabel } from './configState';

const colours: Record<string, ChipProps['color']> = {
  [SYNC_STATE.synchronized]: 'success',
  [SYNC_STATE.waiting]: 'warning',
  [SYNC_STATE.conflict]: 'error',
};

export const ConfigSyncChip = ({ state }: { state: unknown }) => {
  // A device never configured has no state: not an unknown one.
  const label = state === null || state === undefined ? ownMessages.notConfigured : syncStateLabel(state);
  return <Chip size="small" label={label} color={typeof state === 'string' ? (colours[state] ?? 'default') : 'default'} data-testid="config-sync-state" />;
};
