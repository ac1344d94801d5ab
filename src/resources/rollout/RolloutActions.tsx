/**
 * The buttons that change a rollout's state (PUT /api/rollout/{id}/state), for admins of its team:
 * the ones its state offers, Abort after a confirmation saying what it gives back. A refusal's
 * reason shows beside them; members read that only admins may act.
 */
import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import type { RolloutAction, RolloutProgress } from '../../schemas/rolloutPlan';
import { errorMessage } from '../../dataProvider/errors';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { offeredActions } from './rolloutActions';
import { sendAction } from './rolloutCalls';

export interface RolloutActionsProps {
  id: string | number;
  name: string;
  rollbackOnAbort: boolean;
  progress: RolloutProgress;
  isAdmin: boolean | undefined;
  /** Reads the rollout and its progress again after an action. */
  onDone: () => void;
}

export const RolloutActions = ({ id, name, rollbackOnAbort, progress, isAdmin, onDone }: RolloutActionsProps) => {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const actions = offeredActions(progress);
  if (actions.length === 0 || isAdmin === undefined) return null;
  if (!isAdmin) return <Typography color="text.secondary">{ownMessages.rolloutAdminsOnly}</Typography>;

  const act = async (action: RolloutAction) => {
    if (action === 'abort' && !(await confirm({ text: ownMessages.rolloutAbortConfirm(name, rollbackOnAbort), confirmLabel: ownMessages.rolloutActionLabels.abort, danger: true }))) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await sendAction(id, action);
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {actions.map((action) => (
          <Button key={action} variant={action === 'abort' ? 'outlined' : 'contained'} color={action === 'abort' ? 'error' : 'primary'} disabled={busy} onClick={() => void act(action)}>
            {ownMessages.rolloutActionLabels[action]}
          </Button>
        ))}
      </Stack>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
};
