import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ResourceOverride } from '../overrides';
import { DevicesInGroupPanel } from './DevicesInGroupPanel';
import { DocumentationPanel } from '../documentation/DocumentationPanel';

export const override: ResourceOverride<'devices_group'> = { icon: WorkspacesIcon, panels: [DevicesInGroupPanel, DocumentationPanel], ownLists: ['devices'] };
