/**
 * The rollout's screens (issue 30 item 4): its add route is a page of a few steps
 * (RolloutCreatePage); its view is the generic object screen with the rollout's progress on top
 * (state, buttons, a bar per phase), its settings, and beside them its devices over time, the failed
 * ones and its history, read again every few seconds while it runs.
 */
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { ownMessages } from '../../messages';
import { ObjectPage } from '../ObjectPage';
import type { PageProps, ResourceOverride } from '../overrides';
import { DeviceFilterInput, DeviceIdsInput } from './ChosenDevicesInputs';
import { FailedDevicesPanel, HistoryPanel, TimelinePanel } from './progressPanels';
import { PhasesInput } from './PhasesInput';
import { DevicesGroupInput, RollbackOnAbortInput, WaitMinutesInput } from './ShownWhenInputs';
import { RolloutCreatePage } from './RolloutCreatePage';
import { RolloutSummary } from './RolloutSummary';
import { rolloutDeletable, rolloutEditable } from '../../schemas/rolloutPlan';

const RolloutPage = ({ route }: PageProps) => (route.mode === 'new' ? <RolloutCreatePage /> : <ObjectPage route={route} />);

export const override: ResourceOverride<'rollout'> = {
  icon: RocketLaunchIcon,
  ObjectPage: RolloutPage,
  Summary: RolloutSummary,
  canEdit: (record) => rolloutEditable(record.state),
  canDelete: (record) => rolloutDeletable(record.state),
  fieldInputs: { phases: PhasesInput, devices_group_id: DevicesGroupInput, device_filter: DeviceFilterInput, device_ids: DeviceIdsInput, wait_minutes: WaitMinutesInput, rollback_on_abort: RollbackOnAbortInput },
  sections: [
    {
      key: 'settings',
      title: ownMessages.rolloutSettingsHeading,
      fields: [
        'name',
        'team_id',
        'firmware_id',
        'type_id',
        'devices_group_id',
        'device_filter',
        'device_ids',
        'phases',
        'failure_threshold_percent',
        'phase_timeout_minutes',
        'advance',
        'wait_minutes',
        'rollback_on_abort',
        'notes',
      ],
    },
    { key: 'timeline', title: ownMessages.rolloutChartHeading, panels: [TimelinePanel] },
    { key: 'failed', title: ownMessages.rolloutFailedHeading, panels: [FailedDevicesPanel] },
    { key: 'history', title: ownMessages.rolloutHistoryHeading, panels: [HistoryPanel] },
  ],
};
