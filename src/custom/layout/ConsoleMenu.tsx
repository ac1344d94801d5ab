import ViewListIcon from '@mui/icons-material/ViewList';
import { Menu } from 'react-admin';
import { categories } from '../../schemas';
import { menuEntries } from '../../resources/consoleRoutes';
import { overrideFor } from '../../resources/overrides';

const entries = menuEntries(categories);

/** The side menu, in the registry's menu order (spec section 2). */
export const ConsoleMenu = () => (
  <Menu>
    {entries.map(({ path, label, category }) => {
      const Icon = overrideFor(category.key).icon ?? ViewListIcon;
      return <Menu.Item key={path} to={path} primaryText={label} leftIcon={<Icon />} />;
    })}
  </Menu>
);
