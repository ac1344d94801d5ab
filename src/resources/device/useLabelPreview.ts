/**
 * The label panel's live preview: the label as an object URL for an <img> (never inline markup,
 * so nothing in a template can run in the console). Asked again a moment after the template or
 * translation stops changing, the previous request aborted; the last good image stays while a new
 * one loads or when it fails, and the failure is shown as text instead of an alert per keystroke.
 * Asked only once the device has a QR code (a label draws it: without one the server can only
 * refuse), and again when that code is generated or replaced on the screen.
 */
import { useEffect, useRef, useState } from 'react';
import type { Identifier } from 'react-admin';
import type { LabelKind } from '../../custom/labels';
import { fetchFile } from '../../dataProvider/download';
import { errorMessage } from '../../dataProvider/errors';
import { labelCall, labelFailureExtra, templateProblem, type LabelSettings } from './labelCalls';

/** Long enough to skip the keystrokes of one word, short enough to feel live. */
export const PREVIEW_DELAY_MS = 300;

export interface LabelPreview {
  /** blob: URL of the last label the server made. */
  url?: string;
  /** Why the label now asked for is not shown. */
  error?: string;
  loading: boolean;
}

/** `qrId`: the device's QR code, undefined while it has none (nothing is asked then). */
export function useLabelPreview(deviceId: Identifier | undefined, qrId: string | undefined, kind: LabelKind, settings: LabelSettings): LabelPreview {
  const [preview, setPreview] = useState<LabelPreview>({ loading: true });
  const shown = useRef<string | undefined>(undefined);
  const { x, y, template } = settings;

  useEffect(() => {
    if (deviceId === undefined || qrId === undefined) return;
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
  }, [deviceId, qrId, kind, x, y, template]);

  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
      shown.current = undefined;
    },
    [],
  );

  return preview;
}
