/**
 * The device screen's sections (issue 27: findable at a glance), each keeping the spec's field
 * labels and order (spec section 2, Device form): details; firmware (with the update the device
 * reports, issue 30); configuration; its rollouts; identity (QR
 * code, claim status, certificate and key, label); documentation.
 */
import { ownMessages } from '../../messages';
import { DocumentationPanel } from '../documentation/DocumentationPanel';
import type { ObjectSection } from '../overrides';
import { CertificatePanel } from './CertificatePanel';
import { ClaimStatusPanel } from './ClaimStatusPanel';
import { LabelPanel } from './LabelPanel';
import { QrCodePanel } from './QrCodePanel';
import { DeviceRolloutsPanel } from './DeviceRolloutsPanel';

/** The section a conflict is resolved in (the summary links to it). */
export const CONFIGURATION_SECTION = 'configuration';

export const deviceSections: readonly ObjectSection<'device'>[] = [
  {
    key: 'details',
    title: ownMessages.sectionDetails,
    fields: ['name', 'team_id', 'type_id', 'uid_for_type', 'group_id', 'provisioning', 'custom_fields_from_type', 'last_seen', 'notes', 'icon'],
  },
  {
    key: 'firmware',
    title: ownMessages.sectionFirmware,
    fields: ['current_firmware_id', 'target_firmware_id', 'update_state', 'update_firmware_id', 'update_message', 'update_changed', 'firmware_history'],
  },
  { key: CONFIGURATION_SECTION, title: ownMessages.sectionConfiguration, fields: ['config_id', 'config_history', 'last_config_sync'] },
  // A section of panels: after the form's sections, as the screen lays them out.
  { key: 'rollouts', title: ownMessages.sectionRollouts, panels: [DeviceRolloutsPanel] },
  { key: 'identity', title: ownMessages.sectionIdentity, panels: [QrCodePanel, ClaimStatusPanel, CertificatePanel, LabelPanel] },
  { key: 'documentation', title: ownMessages.documentation, panels: [DocumentationPanel] },
];
