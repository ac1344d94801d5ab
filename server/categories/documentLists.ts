/**
 * Lists of basic documents held in JSON: a collection's basic_docs_list and a device's own
 * (spec section 3: 'basic_docs_list (list of {id})'; plain ids are accepted too). Foreign keys
 * cannot guard them, so this does for them what checkReferences does for a ref field: every
 * document named must exist, be visible to the caller and belong to the object's team. Without
 * it, a team could list another team's documents, which then could not be deleted (in use).
 */
import type { CreateContext, Row } from '../crud/hooks';
import type { Queryable } from '../db/database';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas/index';
import { badRequest } from '../http/errors';
import { TEAM_FIELD, visibleWhere } from '../crud/access';
import { SqlParams } from '../crud/sql';

export const DOCS_LIST = 'basic_docs_list';
const DOCUMENT = 'basic_document';
const INT4_MAX = 2_147_483_647;

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= INT4_MAX;

/** The document ids of a list value (null is an empty list), or undefined when it is not one. */
export function documentIds(value: unknown): number[] | undefined {
  if (value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const ids: number[] = [];
  for (const entry of value) {
    const id = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as { id?: unknown }).id : entry;
    if (!isId(id)) return undefined;
    ids.push(id);
  }
  return ids;
}

/** Checks the list of a create or update: when it is sent, or when the object changes team. */
export async function checkDocumentList({ tx, user, input }: CreateContext, existing?: Row): Promise<void> {
  const teamChanged = existing !== undefined && TEAM_FIELD in input && input[TEAM_FIELD] !== existing[TEAM_FIELD];
  if (!(DOCS_LIST in input) && !teamChanged) return;
  const ids = documentIds(DOCS_LIST in input ? input[DOCS_LIST] : existing?.[DOCS_LIST]);
  if (ids === undefined) throw badRequest(ownMessages.docsListShape(DOCS_LIST));
  if (ids.length === 0) return;
  const team = TEAM_FIELD in input ? input[TEAM_FIELD] : existing?.[TEAM_FIELD];
  const params = new SqlParams();
  const { rows } = await tx.query<{ id: number; team_id: number }>(
    `SELECT "t"."id", "t"."team_id" FROM "basic_document" AS "t"
      WHERE "t"."id" = ANY(${params.add(ids)}::int[]) AND ${visibleWhere(mustGetCategory(DOCUMENT), user, 't', params)}`,
    params.values,
  );
  const teams = new Map(rows.map((r) => [r.id, r.team_id]));
  if (ids.some((id) => !teams.has(id))) throw badRequest(ownMessages.referenceNotFound(DOCS_LIST));
  if (ids.some((id) => teams.get(id) !== team)) throw badRequest(ownMessages.referenceOtherTeam(DOCS_LIST));
}

/** Whether a list of the given team names the document (in either entry form). */
export async function documentListedInTeam(tx: Queryable, documentId: number, teamId: unknown): Promise<boolean> {
  const asObject = JSON.stringify([{ id: documentId }]);
  const asId = JSON.stringify([documentId]);
  const { rows } = await tx.query(
    `SELECT 1 FROM "documents_collection" WHERE "team_id" = $3 AND ("basic_docs_list" @> $1::jsonb OR "basic_docs_list" @> $2::jsonb)
     UNION ALL
     SELECT 1 FROM "device" WHERE "team_id" = $3 AND ("basic_docs_list" @> $1::jsonb OR "basic_docs_list" @> $2::jsonb)
     LIMIT 1`,
    [asObject, asId, teamId],
  );
  return rows.length > 0;
}
