/**
 * The batch calls (server/batch/): PUT /api/batch/{cat} and DELETE /api/batch/{cat}, the generic
 * update and delete of many objects in one transaction. Their bound is shared by the server that
 * refuses a longer batch and the console that cuts a selection into batches: written once.
 */

/** Ids per batch call: a fleet's selection goes in several (2,000 devices: two). */
export const BATCH_MAX = 1000;

/** The address of a category's batch calls. */
export const batchPath = (categoryKey: string) => `/api/batch/${categoryKey}`;
