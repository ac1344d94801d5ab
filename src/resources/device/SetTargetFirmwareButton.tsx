/**
 * 'Set target firmware...' of the devices table: a firmware of the selected devices' type (the
 * Dropdown's options: enabled ones, 'name (version)'), set on all in batch calls
 * (PUT /api/batch/device, each device by the rules of PUT /api/device/{id}), with progress per
 * batch, stopping at the first refusal. A device in a group follows
 * its group's firmware: such a selection is refused first with the spec's message, naming them.
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { mustGetCategory } from '../../schemas';
import { messages, ownMessages } from '../../messages';
import { BATCH_MAX } from '../../batch';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { ChooseOneDialog } from '../list/ChooseOneDialog';
import { useBulkRun } from '../list/useBulkRun';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import type { PickerOption } from '../dropdown/picker';
import { firmwarePlan, firmwareRefusal, setTargetFirmware } from './bulkDevices';
import { useSelectedDevices, type SelectedDevices } from './useSelectedDevices';

export const SetTargetFirmwareButton = () => {
  const { read, reading, none } = useSelectedDevices();
  const confirm = useConfirm();
  const { run, dialog, running } = useBulkRun();
  const { dataProvider, changed } = useObjectCalls();
  const [choosing, setChoosing] = useState<SelectedDevices>();
  const firmwares = mustGetCategory('firmware');

  const start = async () => {
    const selection = await read();
    if (!selection) return;
    const refusal = firmwareRefusal(selection.devices);
    if (refusal) {
      await confirm({ text: refusal, notice: true });
      return;
    }
    setChoosing(selection);
  };

  const set = async (selection: SelectedDevices, firmware: PickerOption) => {
    setChoosing(undefined);
    const text = firmwarePlan(selection.devices, firmware.label);
    // Spec section 5: a change of target firmware ends with the spec's question.
    if (!(await confirm({ text: `${text}\n${messages.confirmChanges}`, confirmLabel: ownMessages.setAction }))) return;
    const result = await run({
      title: text,
      items: selection.devices,
      batchSize: BATCH_MAX,
      nameOf: (d) => d.name,
      step: (batch) => setTargetFirmware(dataProvider, batch.map((d) => d.id), firmware.id),
    });
    if (result.done > 0) await changed(['device']);
  };

  return (
    <>
      <Button onClick={() => void start()} disabled={reading || running || none} startIcon={<SystemUpdateAltIcon />}>
        {ownMessages.setTargetFirmware}
      </Button>
      {choosing && (
        <ChooseOneDialog
          title={ownMessages.setTargetFirmware}
          category={firmwares}
          filters={{ team_id: choosing.team_id, type_id: choosing.type_id }}
          label={mustGetCategory('device').fields.target_firmware_id.label}
          confirmLabel={ownMessages.setAction}
          onChoose={(firmware) => void set(choosing, firmware)}
          onClose={() => setChoosing(undefined)}
        />
      )}
      {dialog}
    </>
  );
};
