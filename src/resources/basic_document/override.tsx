import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceOverride } from '../overrides';

export const override: ResourceOverride = { icon: DescriptionIcon };
