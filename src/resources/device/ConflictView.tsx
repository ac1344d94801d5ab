/**
 * The conflict of spec sections 2, 4 and 8: the device and a user changed the configuration
 * differently. Shows the configuration the device last reported (the last history entry; its raw
 * text, logged, when it does not parse), and in edit mode the two choices (the product's: waiting
 * to be sent; the device's: its configuration, synchronized), then the reminder to submit. Beyond
 * the spec, the key-by-key view of the three versions lets the user take each key from either side,
 * and an admin resolves it from the view page too, each choice saved at once (issue 27).
 */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { RaRecord } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import { formatConfig, parseConfig, sameConfig } from './configCompare';
import { lastHistoryEntry, lastSynchronizedEntry } from './configHistory';
import { useConfigText } from './configRead';
import { ConfigThreeWay } from './ConfigThreeWay';

export interface Choice {
  side: 'product' | 'device';
  /** The configuration the device gets. */
  configId: unknown;
}

export interface ConflictViewProps {
  /** The device as loaded (its state is 'conflict'). */
  record: RaRecord;
  readOnly: boolean;
  onChoose: (choice: Choice) => void;
  /** A configuration made of keys of both sides: the new text of the editor. */
  onMerge: (text: string) => void;
  /** A choice is saved at once (view mode): no reminder to submit, no second choice while it is saved. */
  savesAtOnce?: { busy: boolean };
}

export const ConflictView = ({ record, readOnly, onChoose, onMerge, savesAtOnce }: ConflictViewProps) => {
  const last = lastHistoryEntry(record.config_history);
  const base = lastSynchronizedEntry(record.config_history, record.last_config_sync as string | null | undefined);
  const device = useConfigText(last?.config_id);
  const product = useConfigText(record.config_id);
  const synced = useConfigText(base?.config_id);
  const [resolved, setResolved] = useState(false);

  const unparsable = device.text !== undefined && !parseConfig(device.text);
  const lastId = last?.config_id;
  useEffect(() => {
    if (unparsable && lastId !== undefined) console.error(ownMessages.conflictConfigNotJson(lastId));
  }, [unparsable, lastId]);

  const resolve = (run: () => void) => {
    run();
    setResolved(true);
  };
  const chooseProduct = () => onChoose({ side: 'product', configId: record.config_id });
  const chooseDevice = (id: number) => onChoose({ side: 'device', configId: id });
  // Keys all taken from one side are that side's choice: no new configuration for it.
  const takeMerged = (text: string) => {
    if (product.text !== undefined && sameConfig(text, product.text)) chooseProduct();
    else if (last && device.text !== undefined && sameConfig(text, device.text)) chooseDevice(last.config_id);
    else onMerge(text);
  };

  return (
    <Stack spacing={1.5} data-testid="config-conflict">
      <Alert severity="error">{messages.conflict}</Alert>
      <Box>
        <Typography variant="subtitle2">{ownMessages.deviceLastConfig}</Typography>
        <Box component="pre" aria-label={ownMessages.deviceLastConfig} sx={{ fontFamily: 'monospace', m: 0, p: 1, bgcolor: 'action.hover', overflowX: 'auto' }}>
          {device.text === undefined ? '' : formatConfig(device.text)}
        </Box>
      </Box>
      {!readOnly && last && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" disabled={savesAtOnce?.busy} onClick={() => resolve(chooseProduct)}>
            {ownMessages.useProductConfig}
          </Button>
          <Button variant="outlined" disabled={savesAtOnce?.busy} onClick={() => resolve(() => chooseDevice(last.config_id))}>
            {ownMessages.useDeviceConfig}
          </Button>
        </Stack>
      )}
      {resolved && !savesAtOnce && <Alert severity="success">{messages.conflictResolved}</Alert>}
      {product.text !== undefined && device.text !== undefined && (
        <ConfigThreeWay
          base={synced.text}
          product={product.text}
          device={device.text}
          readOnly={readOnly || savesAtOnce?.busy === true}
          onUse={(text) => resolve(() => takeMerged(text))}
        />
      )}
    </Stack>
  );
};
