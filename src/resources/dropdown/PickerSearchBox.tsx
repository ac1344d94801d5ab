/**
 * The search box of a dialog that lists a big category's objects a page at a time (the Add devices
 * and assign dialogs): what is typed is searched on the server, from its first page again.
 */
import { TextField, type SxProps, type Theme } from '@mui/material';
import { ownMessages } from '../../messages';

export interface PickerSearchBoxProps {
  /** The category's plural, as the box names what it searches. */
  plural: string;
  value: string;
  /** The new text; the caller reads the first page of its matches. */
  onSearch: (text: string) => void;
  sx?: SxProps<Theme>;
  /** While the choice is being acted on (the Add devices run). */
  disabled?: boolean;
}

export const PickerSearchBox = ({ plural, value, onSearch, sx, disabled }: PickerSearchBoxProps) => (
  <TextField label={ownMessages.searchObjects(plural)} value={value} onChange={(event) => onSearch(event.target.value)} size="small" fullWidth sx={sx} disabled={disabled} />
);
