/**
 * The firmware status icon of a device (spec section 4), the same on the device form and in the
 * devices table: its shape and theme colour tell the state at a glance, its tooltip and its
 * accessible name say it in words.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Tooltip } from '@mui/material';
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import { firmwareStatus, firmwareStatusText, type FirmwareStatus } from './firmwareStatus';

// Theme colours (src/theme.ts): nothing to watch, something to watch, all well.
const look: Record<FirmwareStatus, { Icon: ComponentType<SvgIconProps>; color: SvgIconProps['color'] }> = {
  none: { Icon: HelpOutlineIcon, color: 'primary' },
  pending: { Icon: SyncProblemIcon, color: 'error' },
  ok: { Icon: CheckCircleIcon, color: 'success' },
};

export interface FirmwareStatusIconProps {
  currentId: number | string | null | undefined;
  targetId: number | string | null | undefined;
}

export const FirmwareStatusIcon = ({ currentId, targetId }: FirmwareStatusIconProps) => {
  const status = firmwareStatus(currentId, targetId);
  const { Icon, color } = look[status];
  const words = firmwareStatusText[status];
  // Focusable, so that a keyboard user can read the tooltip too.
  return (
    <Tooltip title={words}>
      <Icon role="img" aria-label={words} aria-hidden={false} tabIndex={0} color={color} data-status={status} fontSize="small" />
    </Tooltip>
  );
};
