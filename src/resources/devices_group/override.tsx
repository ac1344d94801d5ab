import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ResourceOverride } from '../overrides';

export const override: ResourceOverride = { icon: WorkspacesIcon };
