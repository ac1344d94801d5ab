/**
 * A rollout's progress (GET /api/rollout/{id}/progress), read again every few seconds while it runs
 * or is paused (a paused one may be resumed elsewhere), once otherwise. Every part of the page asks
 * through here and shares the one query, so the page makes one call per round.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { rolloutUnderWay, type RolloutProgress } from '../../schemas/rolloutPlan';
import { readProgress } from './rolloutCalls';

/** How often a live rollout's progress is read again. */
export const PROGRESS_POLL_MS = 3000;

const progressKey = (id: Identifier) => ['rollout', 'progress', String(id)];

export function useRolloutProgress(id: Identifier | undefined) {
  return useQuery({
    queryKey: progressKey(id ?? ''),
    queryFn: ({ signal }) => readProgress(id!, signal),
    enabled: id !== undefined,
    refetchInterval: (query) => (rolloutUnderWay((query.state.data as RolloutProgress | undefined)?.state) ? PROGRESS_POLL_MS : false),
    // A failed read is tried again at the next round, not at once.
    retry: false,
  });
}

/** Reads the progress again now (after an action). */
export function useRefreshProgress(id: Identifier | undefined): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: progressKey(id ?? '') });
}
