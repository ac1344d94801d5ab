/**
 * A device's state at a glance, at the top of its screen (issue 27): when it was last seen, its
 * current and target firmware (and the rollout that set it, while one holds the device: issue 30) and whether an update is pending, its configuration state (a
 * conflict with, for the team's admins, the way to resolve it) and its claim state. The same
 * pieces as its sections say them in full, so the two never disagree.
 */
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { messages, ownMessages } from '../../messages';
import type { Category } from '../../schemas';
import { expansionKey } from '../object/formFields';
import { SectionLink } from '../object/SectionLinks';
import type { ObjectPanelProps } from '../overrides';
import { ConfigSyncChip } from './ConfigSyncChip';
import { SYNC_STATE } from './configState';
import { firmwareStatus, firmwareStatusText } from './firmwareStatus';
import { FirmwareStatusIcon } from './FirmwareStatusIcon';
import { LastSeenText } from './LastSeenInput';
import { CONFIGURATION_SECTION } from './sections';
import { HeldTargetNote } from './DeviceRolloutsPanel';

interface FirmwareSummary {
  name?: string;
  version?: string;
}

/** 'name (version)' of the firmware a ref field names, from the read's expansion; 'None' when unset. */
function firmwareText(category: Category, record: RaRecord, field: string): string {
  const key = expansionKey(category, field);
  const firmware = key ? (record[key] as FirmwareSummary | null | undefined) : undefined;
  return firmware ? messages.firmwareOption(String(firmware.name ?? ''), String(firmware.version ?? '')) : ownMessages.summaryNone;
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
      {label}
    </Typography>
    <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, minWidth: 0 }}>
      {children}
    </Box>
  </>
);

export const DeviceSummary = ({ category, record, isAdmin }: ObjectPanelProps) => {
  if (!record) return null;
  const fields = category.fields;
  const currentId = record.current_firmware_id as number | null | undefined;
  const targetId = record.target_firmware_id as number | null | undefined;
  const state = record.config_state as unknown;
  return (
    <Box component="section" aria-label={ownMessages.summaryHeading} data-testid="device-summary" sx={{ mt: 2 }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' }, columnGap: 2, rowGap: 0.75, m: 0, alignItems: 'center' }}
      >
        <Row label={fields.last_seen.label}>
          <LastSeenText value={record.last_seen as string | null | undefined} />
        </Row>
        <Row label={fields.current_firmware_id.label}>
          <Typography variant="body2">{firmwareText(category, record, 'current_firmware_id')}</Typography>
        </Row>
        <Row label={fields.target_firmware_id.label}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">{firmwareText(category, record, 'target_firmware_id')}</Typography>
            <HeldTargetNote deviceId={record.id} grouped={record.group_id !== null && record.group_id !== undefined} />
          </Stack>
        </Row>
        <Row label={ownMessages.firmwareStatus}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FirmwareStatusIcon currentId={currentId} targetId={targetId} />
            <Typography variant="body2">{firmwareStatusText[firmwareStatus(currentId, targetId)]}</Typography>
          </Stack>
        </Row>
        <Row label={fields.config_state.label}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ConfigSyncChip state={state} testId="summary-config-state" />
            {state === SYNC_STATE.conflict && isAdmin && (
              <SectionLink sectionKey={CONFIGURATION_SECTION}>{ownMessages.resolveConflict}</SectionLink>
            )}
          </Stack>
        </Row>
        <Row label={ownMessages.claimStatus}>
          <Typography variant="body2">{record.to_be_claimed === true ? ownMessages.qrWaitingToBeClaimed : ownMessages.notWaitingToBeClaimed}</Typography>
        </Row>
      </Box>
    </Box>
  );
};
