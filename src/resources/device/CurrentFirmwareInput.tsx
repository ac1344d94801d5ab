/**
 * The device's current firmware (spec section 2), as the device reports it: never edited in the
 * console. 'name (version)' links to the firmware's view, next to the firmware status icon.
 */
import { Link, Stack, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { messages, ownMessages } from '../../messages';
import { getCategory } from '../../schemas';
import { objectHref, objectRoutes } from '../consoleRoutes';
import { expansionKey } from '../object/formFields';
import type { FieldInputProps } from '../overrides';
import { FieldBlock } from './FieldBlock';
import { FirmwareStatusIcon } from './FirmwareStatusIcon';

interface FirmwareSummary {
  id: number;
  name?: string;
  version?: string;
}

export const CurrentFirmwareInput = ({ name, field, category }: FieldInputProps) => {
  const record = useRecordContext();
  const currentId = record?.[name] as number | null | undefined;
  // GET /api/full/device/{id} expands current_firmware_id (name, version): no call of its own.
  const expansion = expansionKey(category, name);
  const current = expansion ? (record?.[expansion] as FirmwareSummary | null | undefined) : undefined;
  const target = field.ref ? getCategory(field.ref) : undefined;
  const routes = target && objectRoutes(target);
  const text = current ? messages.firmwareOption(String(current.name ?? ''), String(current.version ?? '')) : undefined;
  return (
    <FieldBlock label={field.label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FirmwareStatusIcon currentId={currentId} targetId={record?.target_firmware_id as number | null | undefined} />
        {text && current && routes ? (
          <Link component={RouterLink} to={objectHref(routes.view, current.id)} variant="body2">
            {text}
          </Link>
        ) : (
          <Typography variant="body2">{text ?? ownMessages.noCurrentFirmware}</Typography>
        )}
      </Stack>
    </FieldBlock>
  );
};
