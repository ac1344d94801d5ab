import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import type { RaRecord } from 'react-admin';
import { ownMessages } from '../../messages';
import type { ResourceOverride } from '../overrides';
import { CurrentFirmwareInput } from './CurrentFirmwareInput';
import { FirmwareHistoryInput } from './FirmwareHistoryInput';
import { FirmwareStatusIcon } from './FirmwareStatusIcon';
import { LastSeenInput } from './LastSeenInput';
import { ProvisioningInput } from './ProvisioningInput';
import { DeviceBulkActions } from './DeviceBulkActions';
import { ConfigurationInput } from './ConfigurationInput';
import { ConfigHistoryInput } from './ConfigHistoryInput';
import { saveConfigurationFirst } from './configSave';
import { DeviceSummary } from './DeviceSummary';
import { deviceSections } from './sections';

export const override: ResourceOverride<'device'> = {
  icon: DevicesOtherIcon,
  // Issue 27: the state at a glance on top, then sections a person finds (two columns on a desktop).
  Summary: DeviceSummary,
  sections: deviceSections,
  bulkActions: DeviceBulkActions,
  fieldInputs: {
    provisioning: ProvisioningInput,
    // What the device reports (system fields), shown read-only on an existing device.
    current_firmware_id: CurrentFirmwareInput,
    last_seen: LastSeenInput,
    firmware_history: FirmwareHistoryInput,
    // Spec sections 2 and 4: the configuration, its sync state and conflict, edited as JSON text.
    config_id: ConfigurationInput,
    last_config_sync: LastSeenInput,
    config_history: ConfigHistoryInput,
  },
  // An edited configuration is created before the device's save names it (spec sections 7 and 8).
  beforeSave: saveConfigurationFirst,
  optionalColumns: [
    {
      key: 'firmware_status',
      label: ownMessages.firmwareStatus,
      reads: ['current_firmware_id', 'target_firmware_id'],
      render: (record: RaRecord) => <FirmwareStatusIcon currentId={record.current_firmware_id} targetId={record.target_firmware_id} />,
    },
  ],
};
