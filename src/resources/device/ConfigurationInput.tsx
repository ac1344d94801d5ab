/**
 * The device's configuration on its form (spec sections 2 and 4), in place of config_id: the
 * configuration as formatted JSON, editable in edit mode, with its sync state. Text changed away
 * from the configuration loaded is kept in the form (CONFIG_TEXT) and shows 'waiting to be sent';
 * edited back (the same JSON value), the loaded state returns. The save makes it a configuration
 * first (configSave.ts). During a conflict the conflict view sits under it.
 */
import { Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { messages, ownMessages } from '../../messages';
import { textAreaRows } from '../inputs/TextAreaInput';
import type { FieldInputProps } from '../overrides';
import { formatConfig, parseConfig, sameConfig } from './configCompare';
import { ConfigSyncChip } from './ConfigSyncChip';
import { useConfigText } from './configRead';
import { CONFIG_TEXT, shownSyncState, SYNC_STATE } from './configState';
import { ConflictView, type Choice } from './ConflictView';
import { FieldBlock } from './FieldBlock';

const STATE = 'config_state';

export const ConfigurationInput = ({ name, field, category, readOnly, onInvalid }: FieldInputProps) => {
  const record = useRecordContext();
  const { setValue } = useFormContext();
  const configId = useWatch({ name }) as unknown;
  const state = useWatch({ name: STATE }) as unknown;
  const edited = useWatch({ name: CONFIG_TEXT }) as unknown;
  const loaded = useConfigText(configId);
  const original = loaded.text === undefined ? '' : formatConfig(loaded.text);
  const [text, setText] = useState(original);

  const showLoaded = useCallback(() => {
    setText(original);
    setValue(CONFIG_TEXT, undefined);
    onInvalid?.(undefined);
    // onInvalid is a new function at every render of the form; the loaded text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [original, setValue]);
  // Another configuration was chosen (a conflict resolved), or the loaded one arrived.
  useEffect(showLoaded, [showLoaded]);

  const change = (next: string) => {
    setText(next);
    const changed = !sameConfig(next, original);
    setValue(CONFIG_TEXT, changed ? next : undefined, { shouldDirty: true });
    onInvalid?.(changed && !parseConfig(next) ? messages.configNotJson : undefined);
  };

  const choose = (choice: Choice) => {
    setValue(name, choice.configId, { shouldDirty: true });
    setValue(STATE, choice.side === 'device' ? SYNC_STATE.synchronized : SYNC_STATE.waiting, { shouldDirty: true });
    showLoaded();
  };

  const editable = !readOnly && !loaded.pending;
  return (
    <FieldBlock label={field.label}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{category.fields[STATE].label}</Typography>
          <ConfigSyncChip state={shownSyncState(state, typeof edited === 'string')} />
        </Stack>
        {readOnly && original === '' && !loaded.pending ? (
          <Typography variant="body2">{ownMessages.noConfiguration}</Typography>
        ) : (
          <TextField
            value={text}
            onChange={(e) => change(e.target.value)}
            multiline
            rows={textAreaRows(text)}
            fullWidth
            error={typeof edited === 'string' && !parseConfig(edited)}
            slotProps={{ input: { readOnly: !editable, sx: { fontFamily: 'monospace' } }, htmlInput: { 'aria-label': field.label } }}
          />
        )}
        {record?.[STATE] === SYNC_STATE.conflict && <ConflictView record={record} readOnly={readOnly} onChoose={choose} onMerge={change} />}
      </Stack>
    </FieldBlock>
  );
};
