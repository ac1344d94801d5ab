/**
 * The device's firmware update history (spec section 2), read-only: the date (en-GB) and the
 * firmware's name and version, newest first; an update that failed says so with the device's message. The names come from one getMany of the firmwares
 * named, not one call per entry.
 */
import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetMany, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../formatDate';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import { objectHref, objectRoutes } from '../consoleRoutes';
import type { FieldInputProps } from '../overrides';
import { FieldBlock } from './FieldBlock';
import { historyFirmwareIds, historyNewestFirst } from './firmwareHistory';

const FIRMWARE = 'firmware';
const FIRMWARE_FIELDS = ['id', 'name', 'version'];

export const FirmwareHistoryInput = ({ name, field }: FieldInputProps) => {
  const record = useRecordContext();
  const entries = historyNewestFirst(record?.[name]);
  const ids = historyFirmwareIds(entries);
  const { data: firmwares, isPending } = useGetMany(FIRMWARE, { ids, meta: { fields: FIRMWARE_FIELDS } }, { enabled: ids.length > 0 });
  const routes = objectRoutes(mustGetCategory(FIRMWARE));

  const content = () => {
    if (entries.length === 0) return <Typography variant="body2">{ownMessages.noFirmwareHistory}</Typography>;
    if (isPending) return null;
    const byId = new Map((firmwares ?? []).map((f) => [Number(f.id), f]));
    return (
      <List dense disablePadding>
        {entries.map((entry, i) => {
          const firmware = byId.get(entry.firmware_id);
          const text = firmware
            ? messages.firmwareOption(String(firmware.name ?? ''), String(firmware.version ?? ''))
            : ownMessages.firmwareNoLongerExists(String(entry.firmware_id));
          return (
            <ListItem key={i} disableGutters>
              <ListItemText
                primary={
                  <>
                    {formatDate(entry.date)}
                    {' — '}
                    {firmware && routes ? (
                      <Link component={RouterLink} to={objectHref(routes.view, entry.firmware_id)}>
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                    {entry.failure !== undefined && ` — ${ownMessages.updateFailedEntry(entry.failure)}`}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
    );
  };

  return <FieldBlock label={field.label}>{content()}</FieldBlock>;
};
