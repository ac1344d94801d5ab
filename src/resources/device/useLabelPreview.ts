/**
 * The label panel's live preview: the label as an object URL for an <img> (never inline markup,
 * so nothing in a template can run in the console). Asked again a moment after the template or
 * translation stops changing, the previous request aborted; the last good image stays while a new
 * one loads or when it fails, and the failure is shown as text instead of an alert per keystroke.
 * Asked again too when the device's QR code is generated or replaced on the form.
 */
import { useEffect, useRef, useState } from 'react';
import type { Identifier } from 'react-admin';
import type { LabelKind } from '../../custom/labels';
import { fetchFile } from '../../dataProvider/download';
import { errorMessage } from '../../dataProvider/errors';
import { labelCall, labelFailureExtra, templateProblem, type LabelSettings } from './labelCalls';
import { useQrCodeVersion } from './qrCodeChanges';

/** Long enough to skip the keystrokes of one word, short enough to feel live. */
export const PREVIEW_DELAY_MS = 300;

export interface LabelPreview {
  /** blob: URL of the last label the server made. */
  url?: string;
  /** Why the label now asked for is not shown. */
  error?: string;
  loading: boolean;
}

export function useLabelPreview(deviceId: Identifier | undefined, kind: LabelKind, settings: LabelSettings): LabelPreview {
  const [preview, setPreview] = useState<LabelPreview>({ loading: true });
  const shown = useRef<string | undefined>(undefined);
  const { x, y, template } = settings;
  // A new QR code (generated on the form's QR block) means a new label.
  const qrVersion = useQrCodeVersion(deviceId);

  useEffect(() => {
    if (deviceId === undefined) return;
    const problem = kind === 'custom' ? templateProblem(template) : undefined;
    if (problem) {
      setPreview((last) => ({ url: last.url, error: problem, loading: false }));
      return;
    }
    setPreview((last) => ({ ...last, loading: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const { path, options } = labelCall(deviceId, kind, { x, y, template }, controller.signal);
      fetchFile(path, options)
        .then(({ blob }) => {
          const url = URL.createObjectURL(blob);
          if (shown.current) URL.revokeObjectURL(shown.current);
          shown.current = url;
          setPreview({ url, loading: false });
        })
        .catch((error: unknown) => {
          const text = errorMessage(error, labelFailureExtra(kind, error));
          if (text !== undefined) setPreview((last) => ({ url: last.url, error: text, loading: false }));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [deviceId, kind, x, y, template, qrVersion]);

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
      shown.current = undefined;
    },
    [],
  );

  return preview;
}
