/**
 * The user menu of the app bar: react-admin's, with 'Profile' (the profile page and its API tokens,
 * src/custom/profile/) and 'Change password' (ChangePasswordDialog) above 'Sign out'. The dialog is held here, outside the menu, which unmounts its items as it closes.
 */
import { useState, type Ref } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import PersonIcon from '@mui/icons-material/Person';
import { useNavigate } from 'react-router-dom';
import { Logout, UserMenu, useUserMenu } from 'react-admin';
import { ownMessages } from '../../messages';
import { useProfileState } from '../useProfileState';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { PROFILE_PAGE_PATH } from '../profile/ProfilePage';

const ProfileItem = ({ ref }: { ref?: Ref<HTMLLIElement> }) => {
  const userMenu = useUserMenu();
  const navigate = useNavigate();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        userMenu?.onClose();
        navigate(PROFILE_PAGE_PATH);
      }}
    >
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{ownMessages.profilePage}</ListItemText>
    </MenuItem>
  );
};

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
        <ProfileItem />
        <ChangePasswordItem onOpen={() => setOpen(true)} />
        <Logout />
      </UserMenu>
      {open && profile.status === 'signedIn' && (
        <ChangePasswordDialog userId={profile.profile.id} username={profile.profile.username} onClose={() => setOpen(false)} />
      )}
    </>
  );
};
