import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { ResourceOverride } from '../overrides';
import { UsersPage } from './UsersPage';

export const override: ResourceOverride<'user'> = { icon: ManageAccountsIcon, ListPage: UsersPage };
