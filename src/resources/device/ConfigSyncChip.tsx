/** The configuration sync state of spec section 4 as a chip coloured by what it asks of the user, its gloss on hover. */
import { Chip, type ChipProps } from '@mui/material';
import { ownMessages } from '../../messages';
import { SYNC_STATE, syncStateLabel } from './configState';

const colours: Record<string, ChipProps['color']> = {
  [SYNC_STATE.synchronized]: 'success',
  [SYNC_STATE.waiting]: 'warning',
  [SYNC_STATE.conflict]: 'error',
};

/** `testId`: the form's chip (which follows an edit) and the summary's are told apart. */
export const ConfigSyncChip = ({ state, testId = 'config-sync-state' }: { state: unknown; testId?: string }) => {
  // A device never configured has no state: not an unknown one.
  const label = state === null || state === undefined ? ownMessages.notConfigured : syncStateLabel(state);
  const hint = typeof state === 'string' ? ownMessages.configStateHints[state] : undefined;
  return (
    <Chip
      size="small"
      label={label}
      title={hint}
      color={typeof state === 'string' ? (colours[state] ?? 'default') : 'default'}
      data-testid={testId}
    />
  );
};
