/**
 * Adding a document to an object's documentation, and taking it out, for the documentation panel
 * and the assign dialog alike (spec sections 3 and 7): the object's collection gets the document
 * (PUT /api/documents_collection/{cid} {basic_docs_list}); an object without a collection gets a
 * new one (POST /api/documents_collection {team_id, name, basic_docs_list}) which it then names
 * (PUT /api/{cat}/{id} {documents_collection_id}). Failures are thrown for the caller to report.
 */
import { http, HttpError } from '../../dataProvider/http';
import { messages } from '../../messages';
import type { Category } from '../../schemas';
import { refListIds } from '../../schemas/kinds';
import { defaultCollectionName, previousCollectionName } from './collectionName';
import { COLLECTION_KEY, collectionFieldOf } from './documentation';

/** An object that holds documentation, as the panel and the dialog know it. */
export interface DocumentedObject {
  category: Category;
  id: number;
  name: string;
  team_id: number;
  documents_collection_id: number | null | undefined;
}

/** 'added', or 'present' when the object's collection already lists the document (nothing changed). */
export type AttachOutcome = 'added' | 'present';

const path = (key: string, id: number) => `/${key}/${encodeURIComponent(String(id))}`;
const asList = (ids: readonly number[]) => ids.map((id) => ({ id }));

const isDuplicate = (error: unknown) => error instanceof HttpError && error.status === 400 && error.description === messages.documentAlreadyInCollection;

/** The stored, ordered ids of a collection. */
export async function collectionIds(collectionId: number): Promise<number[]> {
  const { json } = await http<{ basic_docs_list?: unknown } | null>(path(COLLECTION_KEY, collectionId), { query: { fields: 'basic_docs_list' } });
  return [...(refListIds(json?.basic_docs_list) ?? [])];
}

async function teamCollectionNames(teamId: number): Promise<string[]> {
  const { json } = await http<{ json_list?: { name?: unknown }[] } | null>(`/${COLLECTION_KEY}`, { query: { fields: 'name,team_id', team_id: teamId } });
  return (json?.json_list ?? []).map((c) => String(c.name ?? ''));
}

async function createCollectionFor(object: DocumentedObject, documentId: number): Promise<void> {
  const field = collectionFieldOf(object.category);
  if (!field) throw new Error(`${object.category.key} holds no documentation`);
  const previous = previousCollectionName(object.category.singular, object.name, await teamCollectionNames(object.team_id));
  const { json: created } = await http<{ id: number }>(`/${COLLECTION_KEY}`, {
    method: 'POST',
    body: { team_id: object.team_id, name: defaultCollectionName(object.category.singular, object.name, previous), basic_docs_list: asList([documentId]) },
  });
  try {
    await http(path(object.category.key, object.id), { method: 'PUT', body: { [field]: created.id } });
  } catch (error) {
    // The object did not take it: a collection nobody holds would only be clutter in /documents.
    await http(path(COLLECTION_KEY, created.id), { method: 'DELETE' }).catch(() => undefined);
    throw error;
  }
}

export async function attachDocument(object: DocumentedObject, documentId: number): Promise<AttachOutcome> {
  const collectionId = object.documents_collection_id;
  if (collectionId === null || collectionId === undefined) {
    await createCollectionFor(object, documentId);
    return 'added';
  }
  const ids = await collectionIds(collectionId);
  if (ids.includes(documentId)) return 'present';
  try {
    await http(path(COLLECTION_KEY, collectionId), { method: 'PUT', body: { basic_docs_list: asList([...ids, documentId]) } });
  } catch (error) {
    // Added meanwhile by someone else: the server refused the duplicate, the outcome is the same.
    if (isDuplicate(error)) return 'present';
    throw error;
  }
  return 'added';
}

/** Takes the document out of the object's collection (the collection stays, maybe empty). */
export async function detachDocument(collectionId: number, documentId: number): Promise<void> {
  const ids = await collectionIds(collectionId);
  if (!ids.includes(documentId)) return;
  await http(path(COLLECTION_KEY, collectionId), { method: 'PUT', body: { basic_docs_list: asList(ids.filter((id) => id !== documentId)) } });
}
