/**
 * One stored configuration's text (GET /api/config/{id}, spec section 7), read through
 * react-admin so that the editor, the conflict view and the history share one cached read per id.
 */
import { useGetOne } from 'react-admin';

export interface ConfigText {
  /** The configuration's text; undefined without an id, while reading, or when the read failed. */
  text?: string;
  pending: boolean;
}

const asText = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

export function useConfigText(id: unknown): ConfigText {
  const enabled = id !== null && id !== undefined && id !== '';
  const { data, isPending } = useGetOne('config', { id: enabled ? String(id) : '', meta: { full: false } }, { enabled });
  return { text: enabled ? asText(data?.config) : undefined, pending: enabled && isPending };
}
