import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import type { ResourceOverride } from '../overrides';

export const override: ResourceOverride = { icon: DevicesOtherIcon };
