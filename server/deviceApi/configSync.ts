/**
 * Configuration sync as pure functions, so that every transition of docs/DEVICE_API.md is testable
 * without a database: what a user's write of a device makes of config_state, and what a check-in
 * changes. P is the stored config_id (the product's configuration), L the config_id of the last
 * history entry, S the stored state; configurations compare as JSON values (key order ignored).
 */
import { sameJson } from '../../src/schemas/sameJson';
import type { CheckinBody } from './wire';
import type { ConfigState } from '../../src/schemas/device';

export type ConfigSource = 'user' | 'device';

export interface HistoryEntry {
  config_id: number;
  date: string;
  source: ConfigSource;
}

/** The most entries a device's config_history and firmware_history keep (the oldest go first). */
export const HISTORY_LIMIT = 100;

export interface StoredSync {
  /** P */
  configId: number | null;
  /** S */
  state: ConfigState | null;
  /** L */
  lastHistoryId: number | null;
  /** The configuration the last answers carried since the device last reported holding one (null: none). */
  sentId?: number | null;
}

/** What a write body says about the configuration (a key absent from the body is absent here). */
export interface WriteBody {
  config_id?: number | null;
  config_state?: string | null;
}

/**
 * The state a user's write leaves (`stored` undefined: a create), or `refused` when the body asks for
 * another state than the rules give.
 */
export function stateAfterUserWrite(stored: StoredSync | undefined, body: WriteBody): { state: ConfigState | null } | { refused: ConfigState | null } {
  const P = stored?.configId ?? null;
  const X = body.config_id === undefined ? P : body.config_id;
  let state: ConfigState | null;
  if (stored === undefined || X !== P) {
    state = X === null ? null : X === stored?.lastHistoryId ? 'synchronized' : 'waiting_to_be_send';
  } else if (stored.state === 'conflict' && body.config_state === 'waiting_to_be_send') {
    state = 'waiting_to_be_send';
  } else {
    state = stored.state;
  }
  if (body.config_state !== undefined && body.config_state !== state) return { refused: state };
  return { state };
}

export type CheckinReport = Pick<CheckinBody, 'config_id' | 'config'>;

/** The configurations a check-in compares, parsed: P's (with who made it) and L's; undefined when there is none. */
export interface KnownConfigs {
  product?: { value: unknown; source: ConfigSource };
  last?: { value: unknown };
  /** C: the configuration of the device's team the report's config_id names, when that is not P. */
  named?: { value: unknown; source: ConfigSource };
}

/** What a check-in changes; `newConfig`: a configuration to create from the device's report (D). */
export interface SyncChanges {
  state: ConfigState | null;
  /** Make the new configuration D the product's (config_id := D). */
  adopt: boolean;
  newConfig?: { value: unknown };
  /** History entry to append: P's id with its source, or 'new' for D (source device). */
  history?: { configId: number | 'new'; source: ConfigSource };
  /** last_config_sync := now */
  synced: boolean;
  /** Whether the answer carries P for the device to apply. */
  sendProduct: boolean;
}

const unchanged = (state: ConfigState | null): SyncChanges => ({ state, adopt: false, synced: false, sendProduct: state === 'waiting_to_be_send' });

export function syncOnCheckin(stored: StoredSync, report: CheckinReport, configs: KnownConfigs): SyncChanges {
  const { configId: P, state: S, lastHistoryId: L } = stored;
  const R = report.config;
  const reported = R !== null && R !== undefined;
  const { product, last } = configs;
  const fromDevice = (state: ConfigState, adopt: boolean): SyncChanges => ({
    state,
    adopt,
    newConfig: { value: R },
    history: { configId: 'new', source: 'device' },
    synced: adopt,
    sendProduct: false,
  });

  // The device holds P: by its id alone, or by a configuration equal to P's.
  const holdsP = P !== null && product !== undefined && ((report.config_id === P && !reported) || (reported && sameJson(R, product.value)));
  // Waiting or in conflict, a device holding P agrees with the product again (a local edit back to P ends a conflict).
  if ((S === 'waiting_to_be_send' || S === 'conflict') && holdsP) {
    return { state: 'synchronized', adopt: false, history: { configId: P, source: product.source }, synced: true, sendProduct: false };
  }
  // The device holds C, sent to it before a user saved again or went back (between two of its check-ins):
  // it changed nothing itself. C is what it holds (the history's last entry); P is to be sent. C must be
  // the configuration last sent: a device naming one it held before (its config_id is the last one it was
  // sent) while reporting that one's content has changed its own back to it, a local change.
  const { named } = configs;
  const C = report.config_id;
  if (P !== null && S !== 'conflict' && named && C !== null && C === stored.sentId && (!reported || sameJson(R, named.value))) {
    return { state: 'waiting_to_be_send', adopt: false, history: { configId: C, source: named.source }, synced: false, sendProduct: true };
  }
  if (S === 'waiting_to_be_send' && P !== null && product) {
    if (reported && L !== null && last && !sameJson(R, last.value)) return fromDevice('conflict', false);
    return unchanged(S);
  }
  if (S === 'conflict') {
    if (reported && !(last && sameJson(R, last.value))) return fromDevice('conflict', false);
    return { ...unchanged(S), sendProduct: false };
  }
  if (reported && (P === null || !product || !sameJson(R, product.value))) return fromDevice('synchronized', true);
  return unchanged(S);
}

/** config_sent_id after a check-in: P when the answer carries it; cleared once the device reports holding a configuration. */
export function sentAfter(stored: StoredSync, changes: SyncChanges): number | null {
  if (changes.sendProduct && stored.configId !== null) return stored.configId;
  return changes.history ? null : (stored.sentId ?? null);
}
