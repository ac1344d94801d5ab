/**
 * A read-only value of the device form that is more than text (a link with an icon, a list):
 * labelled like the form's other fields, and named by that label for assistive technology.
 */
import { Box, FormLabel } from '@mui/material';
import { useId, type ReactNode } from 'react';

export const FieldBlock = ({ label, children }: { label: string; children: ReactNode }) => {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ width: '100%' }}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <Box sx={{ py: 0.5 }}>{children}</Box>
    </Box>
  );
};
