/**
 * The user menu of the app bar: react-admin's, with 'Change password' (ChangePasswordDialog) above
 * 'Sign out'. The dialog is held here, outside the menu, which unmounts its items as it closes.
 */
import { useState, type Ref } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { Logout, UserMenu, useUserMenu } from 'react-admin';
import { ownMessages } from '../../messages';
import { useProfileState } from '../useProfileState';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const ChangePasswordItem = ({ onOpen, ref }: { onOpen(): void; ref?: Ref<HTMLLIElement> }) => {
  const userMenu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{ownMessages.changePassword}</ListItemText>
    </MenuItem>
  );
};

export const ConsoleUserMenu = () => {
  const profile = useProfileState();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* react-admin names the button 'Profile' while it shows the username; its name begins with that text (WCAG 2.5.3). */}
      <UserMenu label={profile.status === 'signedIn' ? ownMessages.profileButton(profile.profile.username) : undefined}>
        <ChangePasswordItem onOpen={() => setOpen(true)} />
        <Logout />
      </UserMenu>
      {open && profile.status === 'signedIn' && (
        <ChangePasswordDialog userId={profile.profile.id} username={profile.profile.username} onClose={() => setOpen(false)} />
      )}
    </>
  );
};
