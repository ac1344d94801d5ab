import MemoryIcon from '@mui/icons-material/Memory';
import type { ResourceOverride } from '../overrides';
import { reverseListTablesPanel } from '../list/ReverseListTable';
import { hashFile } from './hashFile';
import { DocumentationPanel } from '../documentation/DocumentationPanel';

/** A firmware's devices may be thousands: its two device lists are tables paged by the server. */
const deviceLists = ['is_target_of', 'is_currently_on'] as const;

export const override: ResourceOverride<'firmware'> = {
  icon: MemoryIcon,
  // Spec section 4 'Firmware save': the file's SHA3-256, computed in the browser, is sent before the upload.
  hashFile,
  panels: [reverseListTablesPanel(deviceLists), DocumentationPanel],
  ownLists: deviceLists,
};
