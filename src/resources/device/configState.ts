/**
 * The configuration sync state of a device (spec section 4) as the form shows it: the stored
 * state, or 'waiting to be sent' while the edited text differs from the configuration loaded.
 * The state's values and labels are the schema's (config_state), so the table and the form agree.
 */
import { messages } from '../../messages';
import { mustGetCategory } from '../../schemas';
import type { ConfigState } from '../../schemas/device';

/** The form value holding the edited configuration text; absent while the text is the loaded one. */
export const CONFIG_TEXT = 'config_text';

/** The schema's spellings, by what the console does with them. */
export const SYNC_STATE = { synchronized: 'synchronized', waiting: 'waiting_to_be_send', conflict: 'conflict' } as const satisfies Record<string, ConfigState>;

/** The label of a state; 'Unknown synchronization state.' for one the console does not know. */
export function syncStateLabel(state: unknown): string {
  const labels = mustGetCategory('device').fields.config_state.valueLabels ?? {};
  return typeof state === 'string' && labels[state] !== undefined ? labels[state] : messages.unknownSyncState;
}

/** The state shown: an edited text is waiting to be sent; editing it back shows the state loaded (or chosen). */
export const shownSyncState = (state: unknown, textEdited: boolean): unknown => (textEdited ? SYNC_STATE.waiting : state);
