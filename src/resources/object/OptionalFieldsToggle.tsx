import { Button } from '@mui/material';
import { messages } from '../../messages';

/** In a child form optional fields start hidden (spec section 2: 'Show hidden fields' / 'Hide optional fields'). */
export const OptionalFieldsToggle = ({ shown, onToggle }: { shown: boolean; onToggle: () => void }) => (
  <Button size="small" onClick={onToggle} sx={{ alignSelf: 'flex-start' }}>
    {shown ? messages.hideOptionalFields : messages.showHiddenFields}
  </Button>
);
