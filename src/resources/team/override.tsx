import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceOverride } from '../overrides';
import { TeamsPage } from './TeamsPage';

export const override: ResourceOverride<'team'> = { icon: GroupsIcon, ListPage: TeamsPage };
