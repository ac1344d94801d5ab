/**
 * Turns on the selection column of a table whose category declares bulk actions. Selection is a
 * mode rather than a column always there: a row click opens the object, and a phone's narrow
 * table keeps its width until the user wants to act on several rows. Leaving the mode clears the
 * selection so that no hidden choice lingers.
 */
import { Button } from '@mui/material';
import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import { useListContext } from 'react-admin';
import { ownMessages } from '../../messages';

export interface SelectRowsButtonProps {
  selecting: boolean;
  onChange: (selecting: boolean) => void;
}

export const SelectRowsButton = ({ selecting, onChange }: SelectRowsButtonProps) => {
  const { onUnselectItems } = useListContext();
  const toggle = () => {
    if (selecting) onUnselectItems();
    onChange(!selecting);
  };
  return (
    <Button onClick={toggle} aria-pressed={selecting} startIcon={<CheckBoxOutlinedIcon />}>
      {selecting ? ownMessages.stopSelectingRows : ownMessages.selectRows}
    </Button>
  );
};
