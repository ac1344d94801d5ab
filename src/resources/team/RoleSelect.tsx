/**
 * The roles dropdown of spec 'Dropdown': local, no call. The values are the spec's (0 to 3); the
 * names are issue 13's (roleLabel: No access, Member, Team lead, Admin).
 */
import { useId } from 'react';
import { TextField } from '@mui/material';
import { ownMessages } from '../../messages';
import { ROLE, roleLabel } from '../../schemas/role';

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
          {roleLabel(roleId)}
        </option>
      ))}
    </TextField>
  );
};
