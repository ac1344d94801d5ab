/**
 * The device's provisioning with the edit lock of spec sections 2 and 4: in edit mode the input
 * stays read-only until the user ticks the confirmation and clicks 'Allow editing'; then the
 * spec's notice is shown and the input is editable. A new device is not locked (nothing is
 * provisioned yet). In view mode a device without provisioning says so.
 */
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { messages, ownMessages } from '../../messages';
import type { FieldInputProps } from '../overrides';
import { SchemaJsonInput } from '../inputs/SchemaJsonInput';

export const ProvisioningInput = (props: FieldInputProps) => {
  const { name, field, mode, readOnly, onInvalid } = props;
  const value = useWatch({ name }) as unknown;
  const [confirmed, setConfirmed] = useState(false);
  const [unlocked, setUnlocked] = useState(false);

  if (readOnly && (value === null || value === undefined)) {
    return (
      <Box data-testid={`provisioning-${name}`}>
        <Typography variant="subtitle1">{field.label}</Typography>
        <Typography variant="body2">{messages.provisioningNotProvided}</Typography>
      </Box>
    );
  }
  const locked = !readOnly && mode === 'edit' && !unlocked;
  return (
    <Stack spacing={1} data-testid={`provisioning-${name}`}>
      <SchemaJsonInput {...props} readOnly={readOnly || locked} onInvalid={onInvalid} />
      {locked && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />}
            label={ownMessages.provisioningLockConfirm}
          />
          <Button variant="outlined" disabled={!confirmed} onClick={() => setUnlocked(true)}>
            {messages.allowEditing}
          </Button>
        </Stack>
      )}
      {unlocked && !readOnly && <Alert severity="info">{messages.provisioningAuthorised}</Alert>}
    </Stack>
  );
};
