/**
 * The rollout's own calls beside the generic ones (issue 30): its progress, read again and again
 * while it runs, and the actions that change its state. Both go through the shared http helper, so
 * a refusal comes back as an HttpError whose Description the page shows where the button is.
 */
import { http } from '../../dataProvider/http';
import type { RolloutAction, RolloutProgress } from '../../schemas/rolloutPlan';

/** GET /api/rollout/{id}/progress (ROLLOUT_PROGRESS). */
export async function readProgress(id: string | number, signal?: AbortSignal): Promise<RolloutProgress> {
  const { json } = await http<RolloutProgress>(`/rollout/${encodeURIComponent(String(id))}/progress`, { signal });
  return json;
}

/** PUT /api/rollout/{id}/state {"action"}. */
export async function sendAction(id: string | number, action: RolloutAction): Promise<void> {
  await http(`/rollout/${encodeURIComponent(String(id))}/state`, { method: 'PUT', body: { action } });
}
