/**
 * The roles dropdown of spec 'Dropdown': local, no call. 0 not_authorized, 1 user, 2 (no name,
 * shown as 'Role 2'), 3 admin, all texts from messages.roleName.
 */
import { useId } from 'react';
import { TextField } from '@mui/material';
import { messages, ownMessages } from '../../messages';
import { ROLE } from '../../schemas/role';

export const ROLE_IDS: readonly number[] = Object.values(ROLE).sort((a, b) => a - b);

export interface RoleSelectProps {
  value: number;
  onChange: (roleId: number) => void;
  label?: string;
  /** The label is only read by assistive technology (a table cell under a 'Role' header). */
  hiddenLabel?: boolean;
  disabled?: boolean;
}

export const RoleSelect = ({ value, onChange, label = ownMessages.role, hiddenLabel = false, disabled }: RoleSelectProps) => {
  const id = useId();
  return (
    <TextField
      select
      id={id}
      size="small"
      fullWidth={false}
      label={hiddenLabel ? undefined : label}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      disabled={disabled}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: hiddenLabel ? { 'aria-label': label } : undefined }}
    >
      {ROLE_IDS.map((roleId) => (
        <option key={roleId} value={String(roleId)}>
          {messages.roleName(roleId)}
        </option>
      ))}
    </TextField>
  );
};
