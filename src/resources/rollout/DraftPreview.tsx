/**
 * A draft's page, before Start: how many devices it would take if started now and how many each
 * phase would get (phaseSizes, as the start does), so that nobody starts it blind.
 */
import { Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { ownMessages } from '../../messages';
import { phaseSizes, type Phase } from '../../schemas/rolloutPlan';
import { savedCountFilter } from './rolloutDraft';
import { useDeviceCount } from './useRolloutChoices';

export const DraftPreview = ({ record }: { record: RaRecord }) => {
  const filter = savedCountFilter(record);
  const counted = useDeviceCount(filter);
  const total = filter ? counted : Array.isArray(record.device_ids) ? record.device_ids.length : 0;
  const phases = Array.isArray(record.phases) ? (record.phases as Phase[]) : [];
  if (total === undefined) return null;
  return (
    <div>
      <Typography>{ownMessages.rolloutDraftPreview(total)}</Typography>
      <Typography component="ol" variant="body2" aria-label={ownMessages.rolloutDraftPreview(total)} sx={{ m: 0, pl: 3 }}>
        {phaseSizes(total, phases).map((size, i) => (
          <li key={i}>{`${ownMessages.rolloutPhaseHeading(i + 1)}: ${ownMessages.rolloutPhaseTakes(size)}`}</li>
        ))}
      </Typography>
    </div>
  );
};
