import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import type { ResourceOverride } from '../overrides';
import { ProvisioningInput } from './ProvisioningInput';

export const override: ResourceOverride = { icon: DevicesOtherIcon, fieldInputs: { provisioning: ProvisioningInput } };
