import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ResourceOverride } from '../overrides';
import { DevicesInGroupPanel } from './DevicesInGroupPanel';

export const override: ResourceOverride = { icon: WorkspacesIcon, panels: [DevicesInGroupPanel], ownLists: ['devices'] };
