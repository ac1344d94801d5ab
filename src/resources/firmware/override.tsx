import MemoryIcon from '@mui/icons-material/Memory';
import type { ResourceOverride } from '../overrides';

export const override: ResourceOverride = { icon: MemoryIcon };
