/** The configuration sync state of spec section 4 as a chip coloured by what it asks of the user, its gloss on hover. */
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
  const hint = typeof state === 'string' ? ownMessages.configStateHints[state] : undefined;
  return (
    <Chip
      size="small"
      label={label}
      title={hint}
      color={typeof state === 'string' ? (colours[state] ?? 'default') : 'default'}
      data-testid="config-sync-state"
    />
  );
};
