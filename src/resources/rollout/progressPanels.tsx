/**
 * The rollout screen's panels beside its settings: its devices over time, the failed ones with
 * their messages, and its history; all from the one progress read (useRolloutProgress).
 */
import type { ObjectPanelProps } from '../overrides';
import { FailedDevices } from './FailedDevices';
import { RolloutHistory } from './RolloutHistory';
import { TimelineChart } from './TimelineChart';
import { useRolloutProgress } from './useRolloutProgress';

// Read-only facts: shown while a draft is edited too (its cards would stand empty otherwise).
const useShownProgress = ({ record }: ObjectPanelProps) => useRolloutProgress(record?.id).data;

export const TimelinePanel = (props: ObjectPanelProps) => {
  const progress = useShownProgress(props);
  return progress ? <TimelineChart timeline={progress.timeline} /> : null;
};

export const FailedDevicesPanel = (props: ObjectPanelProps) => {
  const progress = useShownProgress(props);
  return progress ? <FailedDevices progress={progress} /> : null;
};

export const HistoryPanel = (props: ObjectPanelProps) => {
  const progress = useShownProgress(props);
  return progress ? <RolloutHistory history={progress.history} /> : null;
};
