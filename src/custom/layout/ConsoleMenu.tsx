import ViewListIcon from '@mui/icons-material/ViewList';
import HistoryIcon from '@mui/icons-material/History';
import { Menu } from 'react-admin';
import { categories } from '../../schemas';
import { menuEntries } from '../../resources/consoleRoutes';
import { overrideFor } from '../../resources/overrides';
import { ownMessages } from '../../messages';
import { AUDIT_PATH, useAuditAccess } from '../audit/auditAccess';
import { useProfileState } from '../useProfileState';

const entries = menuEntries(categories);

/**
 * The side menu, in the registry's menu order (spec section 2); server administrators see their
 * entries too (Users); then the Audit page for those who read it.
 */
export const ConsoleMenu = () => {
  const audit = useAuditAccess();
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
      {audit.reads && <Menu.Item to={AUDIT_PATH} primaryText={ownMessages.auditMenu} leftIcon={<HistoryIcon />} />}
    </Menu>
  );
};
