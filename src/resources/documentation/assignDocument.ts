/**
 * The calls of the assign-to-objects dialog (spec sections 2 and 6), through the data provider: the
 * documented objects of the document's team only, filtered by the server (filter={"team_id":n}),
 * and the assignment itself, one object after another with attachDocument, stopping at the first
 * failure so that what was done and what was not stays easy to tell.
 */
import type { DataProvider } from 'react-admin';
import type { Category } from '../../schemas';
import { displayField } from '../displayField';
import { optionFields, optionLabel, type OptionRow } from '../dropdown/picker';
import { attachDocument, type DocumentedObject } from './attachDocument';
import { collectionFieldOf } from './documentation';

/** An object the dialog offers, with the label the Dropdown would give it ('Main (1.0.0)'). */
export interface AssignTarget extends DocumentedObject {
  label: string;
}

/**
 * The team's objects and how many there are; with `search`, only the first `limit` by name of those
 * whose name holds the text (a big category, picker.search: a team may hold tens of thousands of devices).
 */
export async function fetchTeamObjects(
  dataProvider: DataProvider,
  category: Category,
  teamId: number,
  signal?: AbortSignal,
  search?: { text: string; limit: number },
): Promise<{ targets: AssignTarget[]; total: number }> {
  const collectionField = collectionFieldOf(category);
  if (!collectionField) return { targets: [], total: 0 };
  const name = displayField(category);
  const fields = [...new Set([...optionFields(category), name, 'team_id', collectionField])];
  const q = search?.text.trim() ?? '';
  const { data: rows, total } = await dataProvider.getList<OptionRow & { id: number }>(category.key, {
    filter: { team_id: teamId, ...(q === '' ? {} : { q }) },
    sort: { field: name, order: 'ASC' },
    pagination: search ? { page: 1, perPage: search.limit } : undefined,
    meta: { fields, report: false },
    signal,
  });
  const targets = rows
    .filter((row) => String(row.team_id) === String(teamId))
    .map((row) => ({
      category,
      id: Number(row.id),
      name: String(row[name] ?? ''),
      team_id: teamId,
      documents_collection_id: (row[collectionField] as number | null | undefined) ?? null,
      label: optionLabel(category, row),
    }));
  return { targets, total: total ?? rows.length };
}

export interface AssignResult {
  added: AssignTarget[];
  /** Their collection already listed the document: nothing changed for them. */
  skipped: AssignTarget[];
  /** The object whose assignment failed; the ones after it were not tried. */
  failed?: { target: AssignTarget; error: unknown };
}

export async function assignInSequence(
  dataProvider: DataProvider,
  targets: readonly AssignTarget[],
  documentId: number,
  onProgress?: (done: number) => void,
): Promise<AssignResult> {
  const result: AssignResult = { added: [], skipped: [] };
  for (const target of targets) {
    try {
      const outcome = await attachDocument(dataProvider, target, documentId);
      (outcome === 'present' ? result.skipped : result.added).push(target);
    } catch (error) {
      return { ...result, failed: { target, error } };
    }
    onProgress?.(result.added.length + result.skipped.length);
  }
  return result;
}
