import ViewListIcon from '@mui/icons-material/ViewList';
import HistoryIcon from '@mui/icons-material/History';
import { Menu } from 'react-admin';
import { categories } from '../../schemas';
import { menuEntries } from '../../resources/consoleRoutes';
import { overrideFor } from '../../resources/overrides';
import { ownMessages } from '../../messages';
import { AUDIT_PATH, useAuditAccess } from '../audit/auditAccess';

const entries = menuEntries(categories);

/** The side menu, in the registry's menu order (spec section 2), then the Audit page for those who read it. */
export const ConsoleMenu = () => {
  const audit = useAuditAccess();
  return (
    <Menu>
      {entries.map(({ path, label, category }) => {
        const Icon = overrideFor(category.key).icon ?? ViewListIcon;
        return <Menu.Item key={path} to={path} primaryText={label} leftIcon={<Icon />} />;
      })}
      {audit.reads && <Menu.Item to={AUDIT_PATH} primaryText={ownMessages.auditMenu} leftIcon={<HistoryIcon />} />}
    </Menu>
  );
};
