/**
 * The device form's label panel (spec section 2, Label panel): downloads of the detailed, model and
 * custom labels, advanced settings (translation in inches, a custom template starting from the
 * default one) and a live preview of the label those settings give. Labels only read the device,
 * so every member of its team sees the panel. A label draws the device's QR code: while it has
 * none, the panel says so plainly and asks the server nothing (issue 27).
 */
import { useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { DEFAULT_LABEL_TEMPLATE, translationInches, type LabelKind } from '../../custom/labels';
import { downloadFile } from '../../dataProvider/download';
import { reportError } from '../../dataProvider/errors';
import { ownMessages } from '../../messages';
import type { ObjectPanelProps } from '../overrides';
import { labelCall, labelFailureExtra, templateProblem } from './labelCalls';
import { useLabelPreview } from './useLabelPreview';
import { useQrCode } from './useQrCode';

const DOWNLOADS: readonly { kind: LabelKind; label: string }[] = [
  { kind: 'detailed', label: ownMessages.downloadDetailedLabel },
  { kind: 'model', label: ownMessages.downloadModelLabel },
  { kind: 'custom', label: ownMessages.downloadCustomLabel },
];

export const LabelPanel = ({ record, isAdmin }: ObjectPanelProps) => {
  const deviceId = record?.id;
  const qr = useQrCode(deviceId).code;
  const [advanced, setAdvanced] = useState(false);
  const [xText, setXText] = useState('0');
  const [yText, setYText] = useState('0');
  const [custom, setCustom] = useState(false);
  const [template, setTemplate] = useState(DEFAULT_LABEL_TEMPLATE);
  const [busy, setBusy] = useState(false);
  // Hidden settings do not apply: what the panel shows is what the labels use.
  const settings = { x: advanced ? translationInches(xText) : 0, y: advanced ? translationInches(yText) : 0, template };
  const customOn = advanced && custom;
  const preview = useLabelPreview(deviceId, qr?.id, customOn ? 'custom' : 'detailed', settings);
  if (deviceId === undefined) return null;

  const download = async (kind: LabelKind) => {
    const problem = kind === 'custom' ? templateProblem(template) : undefined;
    if (problem) {
      reportError(new Error(problem));
      return;
    }
    setBusy(true);
    try {
      const { path, options } = labelCall(deviceId, kind, settings);
      await downloadFile(path, options);
    } catch (error) {
      reportError(error, { extra: labelFailureExtra(kind, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} data-testid="label-panel" sx={{ my: 2, minWidth: 0, maxWidth: 640 }}>
      <Typography variant="subtitle1">{ownMessages.label}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {DOWNLOADS.map(({ kind, label }) => (
          <Button key={kind} onClick={() => void download(kind)} disabled={busy || !qr} startIcon={<DownloadIcon />}>
            {label}
          </Button>
        ))}
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={advanced} onChange={(e) => setAdvanced(e.target.checked)} />}
        label={ownMessages.labelAdvanced}
      />
      {advanced && (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              label={ownMessages.labelTranslateX}
              value={xText}
              onChange={(e) => setXText(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              size="small"
            />
            <TextField
              label={ownMessages.labelTranslateY}
              value={yText}
              onChange={(e) => setYText(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              size="small"
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={custom} onChange={(e) => setCustom(e.target.checked)} />}
            label={ownMessages.labelCustomTemplate}
          />
          {custom && (
            <TextField
              label={ownMessages.labelTemplate}
              value={template}
              onChange={(e) => setTemplate(e.target.value)}
              multiline
              rows={8}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
          )}
        </>
      )}
      {qr === null && (
        <Typography variant="body2" color="text.secondary" data-testid="label-needs-qr-code">
          {isAdmin ? ownMessages.labelNeedsQrCode : ownMessages.labelNeedsQrCodeMember}
        </Typography>
      )}
      {qr && preview.error && (
        <Typography color="error" variant="body2" role="alert" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {preview.error}
        </Typography>
      )}
      {preview.url && (
        <Box
          component="img"
          src={preview.url}
          alt={ownMessages.labelPreviewAlt}
          sx={{ width: 330, maxWidth: '100%', border: 1, borderColor: 'divider', opacity: preview.loading || preview.error ? 0.5 : 1 }}
        />
      )}
    </Stack>
  );
};
