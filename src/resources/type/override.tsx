import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceOverride } from '../overrides';

export const override: ResourceOverride = { icon: CategoryIcon };
