import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceOverride } from '../overrides';

export const override: ResourceOverride = { icon: GroupsIcon };
