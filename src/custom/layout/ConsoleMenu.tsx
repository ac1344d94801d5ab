import ViewListIcon from '@mui/icons-material/ViewList';
import { Menu } from 'react-admin';
import { categories } from '../../schemas';
import { menuEntries } from '../../resources/consoleRoutes';
import { overrideFor } from '../../resources/overrides';
import { useProfileState } from '../useProfileState';

const entries = menuEntries(categories);

/** The side menu, in the registry's menu order (spec section 2); server administrators see their entries too (Users). */
export const ConsoleMenu = () => {
  const profile = useProfileState();
  const serverAdmin = profile.status === 'signedIn' && profile.profile.is_server_admin;
  return (
    <Menu>
      {entries
        .filter((entry) => serverAdmin || !entry.serverAdminOnly)
        .map(({ path, label, category }) => {
          const Icon = overrideFor(category.key).icon ?? ViewListIcon;
          return <Menu.Item key={path} to={path} primaryText={label} leftIcon={<Icon />} />;
        })}
    </Menu>
  );
};
