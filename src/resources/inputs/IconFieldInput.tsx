import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useInput } from 'react-admin';
import { ownMessages } from '../../messages';
import { MAX_ICON } from '../../schemas/fields';
import type { GenericInputProps } from './inputProps';
import { readImageFile } from './readImageFile';

/** Preview of an icon (a data URL) with upload and remove buttons unless read-only. */
export const IconFieldInput = ({ name, field, readOnly, label, helperText, disabled }: GenericInputProps) => {
  const { field: input } = useInput({ source: name, format: (v: unknown) => v, parse: (v: unknown) => v });
  const [problem, setProblem] = useState<string>();
  const src = typeof input.value === 'string' && input.value !== '' ? input.value : undefined;
  const text = label ?? field.label;
  const editable = !readOnly && !disabled;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const result = await readImageFile(file, field.maxLength ?? MAX_ICON);
    if ('error' in result) setProblem(result.error);
    else {
      setProblem(undefined);
      input.onChange(result.dataUrl);
    }
  };

  if (!editable && !src) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {text}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {src && <Box component="img" src={src} alt={text} sx={{ maxWidth: 64, maxHeight: 64, objectFit: 'contain' }} />}
        {editable && (
          <Button component="label" variant="outlined" size="small">
            {ownMessages.uploadIcon}
            <input
              hidden
              type="file"
              accept="image/*"
              aria-label={ownMessages.uploadIcon}
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                // The same file chosen again must still fire a change.
                e.target.value = '';
              }}
            />
          </Button>
        )}
        {editable && src && (
          <Button size="small" onClick={() => input.onChange(null)}>
            {ownMessages.removeIcon}
          </Button>
        )}
      </Stack>
      {(problem || helperText) && <FormHelperText error={problem !== undefined}>{problem ?? helperText}</FormHelperText>}
    </Box>
  );
};
