/**
 * The label calls of the device form and the devices table (spec section 7), built once so that
 * the downloads, the live preview and the printed sheets send the same paths, query and body.
 */
import type { Identifier } from 'react-admin';
import { isTemplateEmpty, LABELS_PER_SHEET, labelPath, labelQuery, type LabelKind } from '../../custom/labels';
import type { DownloadOptions } from '../../dataProvider/download';
import { messages } from '../../messages';
import { HttpError } from '../../dataProvider/http';

export interface LabelSettings {
  /** Translation in inches, already parsed (translationInches). */
  x: number;
  y: number;
  /** The custom template (sent by the custom kind only). */
  template: string;
}

export interface LabelCall {
  path: string;
  options: DownloadOptions;
}

export function labelCall(deviceId: Identifier, kind: LabelKind, settings: LabelSettings, signal?: AbortSignal): LabelCall {
  const query = labelQuery(settings.x, settings.y);
  return kind === 'custom'
    ? { path: labelPath(kind, deviceId), options: { method: 'POST', query, body: { template_str: settings.template }, signal } }
    : { path: labelPath(kind, deviceId), options: { query, signal } };
}

/** Spec section 5: a custom template cannot be empty; refused before any request. */
export const templateProblem = (template: string): string | undefined =>
  isTemplateEmpty(template) ? messages.customTemplateEmpty : undefined;

/**
 * Spec section 8: a custom label the server refused (400: the template) gets the template hint on
 * a new line; other failures (sign-in, no QR code yet, the network) are not the template's fault.
 */
export const labelFailureExtra = (kind: LabelKind, error: unknown) =>
  kind === 'custom' && error instanceof HttpError && error.status === 400 ? messages.customLabelFailure : undefined;

/** The devices in sheets of at most LABELS_PER_SHEET, each one POST /api/download/label_sheet (no translation). */
export function sheetCalls(deviceIds: readonly Identifier[]): LabelCall[] {
  const calls: LabelCall[] = [];
  for (let start = 0; start < deviceIds.length; start += LABELS_PER_SHEET) {
    const body = { device_ids: deviceIds.slice(start, start + LABELS_PER_SHEET).map(Number) };
    calls.push({ path: '/download/label_sheet', options: { method: 'POST', body } });
  }
  return calls;
}
