/**
 * Adding a document to an object's documentation, and taking it out, for the documentation panel
 * and the assign dialog alike (spec sections 3 and 7): the object's collection gets the document
 * (PUT /api/documents_collection/{cid} {basic_docs_list}); an object without a collection gets a
 * new one (POST /api/documents_collection {team_id, name, basic_docs_list}) which it then names
 * (PUT /api/{cat}/{id} {documents_collection_id}). Every call goes through the data provider, its
 * failures thrown for the caller to report; the caller says what changed (attachTouches, useObjectCalls).
 */
import type { DataProvider } from 'react-admin';
import { HttpError } from '../../dataProvider/http';
import { messages } from '../../messages';
import type { Category } from '../../schemas';
import { refListIds } from '../../schemas/kinds';
import { defaultCollectionName, previousCollectionName } from './collectionName';
import { COLLECTION_KEY, DOCUMENT_KEY, collectionFieldOf } from './documentation';

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

/** What attaching or detaching changes: collections, the object (it may name a new one), and the documents' 'used in'. */
export const attachTouches = (category: Category): string[] => [COLLECTION_KEY, category.key, DOCUMENT_KEY];

/** Failures are shown by the caller, not by the error catalogue on the way. */
const quiet = { report: false };
const asList = (ids: readonly number[]) => ids.map((id) => ({ id }));

const isDuplicate = (error: unknown) => error instanceof HttpError && error.status === 400 && error.description === messages.documentAlreadyInCollection;

/** The stored, ordered ids of a collection (GET /api/documents_collection/{id}?fields=basic_docs_list). */
async function collectionIds(dataProvider: DataProvider, collectionId: number): Promise<number[]> {
  const { data } = await dataProvider.getOne(COLLECTION_KEY, { id: collectionId, meta: { ...quiet, full: false, fields: ['basic_docs_list'] } });
  return [...(refListIds(data?.basic_docs_list) ?? [])];
}

/** A PUT of the collection's list alone. */
async function setCollectionIds(dataProvider: DataProvider, collectionId: number, ids: readonly number[]): Promise<void> {
  await dataProvider.update(COLLECTION_KEY, { id: collectionId, data: { basic_docs_list: asList(ids) }, previousData: { id: collectionId }, meta: quiet });
}

/** The names of the team's collections (GET /api/documents_collection?fields=name,team_id&team_id=n). */
async function teamCollectionNames(dataProvider: DataProvider, teamId: number): Promise<string[]> {
  const { data } = await dataProvider.getList(COLLECTION_KEY, { filter: { team_id: teamId }, meta: { ...quiet, all: true, fields: ['name', 'team_id'] } });
  return data.map((c) => String(c.name ?? ''));
}

async function createCollectionFor(dataProvider: DataProvider, object: DocumentedObject, documentId: number): Promise<void> {
  const field = collectionFieldOf(object.category);
  if (!field) throw new Error(`${object.category.key} holds no documentation`);
  const previous = previousCollectionName(object.category.singular, object.name, await teamCollectionNames(dataProvider, object.team_id));
  const { data: created } = await dataProvider.create(COLLECTION_KEY, {
    data: { team_id: object.team_id, name: defaultCollectionName(object.category.singular, object.name, previous), basic_docs_list: asList([documentId]) },
    meta: quiet,
  });
  try {
    await dataProvider.update(object.category.key, { id: object.id, data: { [field]: created.id }, previousData: { id: object.id }, meta: quiet });
  } catch (error) {
    // The object did not take it: a collection nobody holds would only be clutter in /documents.
    await dataProvider.delete(COLLECTION_KEY, { id: created.id, meta: quiet }).catch(() => undefined);
    throw error;
  }
}

export async function attachDocument(dataProvider: DataProvider, object: DocumentedObject, documentId: number): Promise<AttachOutcome> {
  const collectionId = object.documents_collection_id;
  if (collectionId === null || collectionId === undefined) {
    await createCollectionFor(dataProvider, object, documentId);
    return 'added';
  }
  const ids = await collectionIds(dataProvider, collectionId);
  if (ids.includes(documentId)) return 'present';
  try {
    await setCollectionIds(dataProvider, collectionId, [...ids, documentId]);
  } catch (error) {
    // Added meanwhile by someone else: the server refused the duplicate, the outcome is the same.
    if (isDuplicate(error)) return 'present';
    throw error;
  }
  return 'added';
}

/** Takes the document out of the object's collection (the collection stays, maybe empty). */
export async function detachDocument(dataProvider: DataProvider, collectionId: number, documentId: number): Promise<void> {
  const ids = await collectionIds(dataProvider, collectionId);
  if (!ids.includes(documentId)) return;
  await setCollectionIds(dataProvider, collectionId, ids.filter((id) => id !== documentId));
}
