import { Box, TextField } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { getCategory, type Category } from '../../schemas';
import { readOnlyInfo } from './formFields';

/** The product ID, owner and creation date of an existing object (spec section 2), read-only. */
export const ReadOnlyInfo = ({ category, record }: { category: Category; record: RaRecord }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
    {readOnlyInfo(category, record, getCategory).map((item) => (
      <TextField
        key={item.name}
        label={item.label}
        value={item.value}
        size="small"
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      />
    ))}
  </Box>
);
