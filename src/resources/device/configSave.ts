/**
 * Saving a device whose configuration text was edited (spec sections 7 and 8): the text becomes a
 * new configuration first (POST /api/config {config, team_id}), then the device's save carries its
 * id, waiting to be sent. When the configuration cannot be made, the alert ends with 'Failed to
 * create new configuration' and nothing else is saved.
 */
import { messages } from '../../messages';
import type { ResourceOverride } from '../overrides';
import { CONFIG_TEXT, SYNC_STATE } from './configState';

export const saveConfigurationFirst: NonNullable<ResourceOverride['beforeSave']> = async (values, { dataProvider }) => {
  const { [CONFIG_TEXT]: text, ...rest } = values;
  if (typeof text !== 'string') return rest;
  try {
    const { data } = await dataProvider.create('config', {
      data: { config: text, team_id: values.team_id },
      meta: { errorExtra: messages.failedToCreateConfig },
    });
    return { ...rest, config_id: data.id, config_state: SYNC_STATE.waiting };
  } catch {
    // Shown by the error catalogue, with the spec's sentence appended.
    return undefined;
  }
};
