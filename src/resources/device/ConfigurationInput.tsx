/**
 * The device's configuration on its form (spec sections 2 and 4), in place of config_id: the
 * configuration as formatted JSON, editable in edit mode, with its sync state. Text changed away
 * from the configuration loaded is kept in the form (CONFIG_TEXT) and shows 'waiting to be sent';
 * edited back (the same JSON value), the loaded state returns. The save makes it a configuration
 * first (configSave.ts). During a conflict the conflict view sits under it; on the view page an
 * admin's choice is saved at once and the device read again (issue 27: no Submit, no Refresh).
 */
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { messages, ownMessages } from '../../messages';
import { textAreaRows } from '../inputs/TextAreaInput';
import type { FieldInputProps } from '../overrides';
import { reportError } from '../../dataProvider/errors';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import type { Category } from '../../schemas';
import { useIsTeamAdmin } from '../object/useIsTeamAdmin';
import { saveConfigurationFirst } from './configSave';
import { formatConfig, parseConfig, sameConfig } from './configCompare';
import { ConfigSyncChip } from './ConfigSyncChip';
import { useConfigText } from './configRead';
import { CONFIG_TEXT, shownSyncState, SYNC_STATE } from './configState';
import { ConflictView, type Choice } from './ConflictView';
import { FieldBlock } from './FieldBlock';

const STATE = 'config_state';

export const ConfigurationInput = ({ name, field, category, mode, readOnly, onInvalid }: FieldInputProps) => {
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

  const atOnce = useResolveAtOnce(category, record, mode === 'view' && record?.[STATE] === SYNC_STATE.conflict);

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
        {record?.[STATE] === SYNC_STATE.conflict &&
          (atOnce.allowed ? (
            <ConflictView record={record} readOnly={false} onChoose={atOnce.choose} onMerge={atOnce.merge} savesAtOnce={{ busy: atOnce.busy }} />
          ) : (
            <ConflictView record={record} readOnly={readOnly} onChoose={choose} onMerge={change} />
          ))}
        {atOnce.saved && record?.[STATE] !== SYNC_STATE.conflict && <Alert severity="success">{ownMessages.conflictResolvedSaved}</Alert>}
      </Stack>
    </FieldBlock>
  );
};

/**
 * A conflict resolved on the view page by an admin of the device's team: the choice is the
 * device's update the edit form would submit (the device's configuration, synchronized; the
 * product's, waiting to be sent; a merge, a new configuration first), then the device is read
 * again so that its state, here and in the summary, says what the server made of it.
 */
function useResolveAtOnce(category: Category, record: RaRecord | undefined, conflictInView: boolean) {
  const { dataProvider, changed } = useObjectCalls();
  const allowed = useIsTeamAdmin(record?.team_id) === true && conflictInView;
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const save = async (values: () => Promise<Record<string, unknown> | undefined>) => {
    if (!record || busy) return;
    setBusy(true);
    try {
      const data = await values();
      if (data === undefined) return;
      await dataProvider.update(category.key, { id: record.id, data, previousData: record });
      await changed([category.key]);
      setSaved(true);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const choose = (choice: Choice) =>
    void save(async () => ({ config_id: choice.configId, config_state: choice.side === 'device' ? SYNC_STATE.synchronized : SYNC_STATE.waiting }));
  const merge = (text: string) =>
    void save(() => saveConfigurationFirst({ [CONFIG_TEXT]: text, team_id: record?.team_id }, { category, mode: 'view', record, dataProvider }));
  return { allowed, busy, saved, choose, merge };
}
