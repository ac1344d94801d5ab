/**
 * The react-admin DataProvider over the generic calls of spec section 7. A resource name is a
 * registry category key, which is also the API path segment (device, devices_group, ...).
 *
 * Failures follow the error catalogue (errors.ts) and are re-thrown so react-admin sees them.
 * Callers tune that per call through `meta`:
 *   meta.report = false      only re-throw (spec: "Object update failure ... only logged")
 *   meta.errorExtra = '...'  appended to the alert on a new line
 *   meta.fields = [...]      the ?fields= projection (lists default to the schema's list columns)
 *   meta.full = false        getOne reads /api/{cat}/{id} instead of /api/full/{cat}/{id}
 *   meta.all = true          getList reads the whole list with the spec's GET /api/{cat}?fields=
 *                            (pickers); pagination, sort and filter are then ignored
 *   meta.withContent = true  delete sends ?cascade=true: the object's declared content goes with
 *                            it, in one server transaction (deleteWithContent: a type's)
 *   meta.expectContent = {}  with withContent: the counts the user was shown, by content list key
 *                            (expect_{key}=n, src/schemas/contentExpectations.ts); 409 when they differ
 *
 * getList, getMany and getManyReference speak the server's list dialect (listQuery.ts): the
 * server sorts, filters and pages, and answers the total in Content-Range.
 */
import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { mustGetCategory, type Category } from '../schemas';
import { expectationsQuery, type ContentExpectations } from '../schemas/contentExpectations';
import { http } from './http';
import { reportError } from './errors';
import { fetchListPage, fetchWholeList, listFields, pageToRange, type ListFetcher, type ListQuery, type Row } from './listQuery';
import { changedFields, createBody, type Json } from './recordDiff';

export interface CallMeta {
  report?: boolean;
  errorExtra?: string;
  fields?: readonly string[];
  full?: boolean;
  all?: boolean;
  withContent?: boolean;
  expectContent?: ContentExpectations;
}

export interface DataProviderOptions {
  /** How pages of lists are read (tests swap it). */
  fetchList?: ListFetcher;
}

async function reported<T>(meta: CallMeta | undefined, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (meta?.report !== false) reportError(error, { extra: meta?.errorExtra });
    throw error;
  }
}

const fieldsQuery = (meta?: CallMeta) => (meta?.fields ? { fields: meta.fields.join(',') } : undefined);

/** react-admin's list parameters in the simple-rest dialect of listQuery.ts. */
function toListQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}): ListQuery {
  return {
    filter: params.filter ?? {},
    sort: params.sort?.field ? { field: params.sort.field, order: params.sort.order === 'DESC' ? 'DESC' : 'ASC' } : undefined,
    range: params.pagination ? pageToRange(params.pagination.page, params.pagination.perPage) : undefined,
  };
}

/** What getMany reads by default: enough to show a referenced object (its list columns and summary). */
const referenceFields = (category: Category) => [...new Set([...listFields(category), ...category.summary])];

const objectPath = (category: Category, id: Identifier) => `/${category.key}/${encodeURIComponent(String(id))}`;

export function createDataProvider(options: DataProviderOptions = {}): DataProvider {
  const fetchList = options.fetchList ?? fetchListPage;

  const update = async (resource: string, id: Identifier, data: Json, previousData: Json | undefined, meta?: CallMeta) => {
    const category = mustGetCategory(resource);
    const changes = changedFields(category, data, previousData);
    if (Object.keys(changes).length === 0) return { ...previousData, ...data, id } as Row;
    const { json } = await reported(meta, () => http<Row | null>(objectPath(category, id), { method: 'PUT', body: changes }));
    return (json ?? { ...previousData, ...changes, id }) as Row;
  };

  const remove = async (resource: string, id: Identifier, meta?: CallMeta) => {
    const category = mustGetCategory(resource);
    const query = meta?.withContent ? { cascade: 'true', ...expectationsQuery(meta.expectContent ?? {}) } : undefined;
    await reported(meta, () => http(objectPath(category, id), { method: 'DELETE', query }));
  };

  return {
    supportAbortSignal: true,

    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      if (meta?.all) {
        const rows = await reported(meta, () => fetchWholeList(category, { signal: params.signal, fields: meta.fields }));
        return { data: rows as unknown as R[], total: rows.length };
      }
      const page = await reported(meta, () => fetchList(category, toListQuery(params), { signal: params.signal, fields: meta?.fields }));
      return { data: page.data as unknown as R[], total: page.total };
    },

    async getOne<R extends RaRecord>(resource: string, params: GetOneParams) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      const path = meta?.full === false ? objectPath(category, params.id) : `/full${objectPath(category, params.id)}`;
      const { json } = await reported(meta, () => http<R>(path, { query: fieldsQuery(meta), signal: params.signal }));
      return { data: json };
    },

    async getMany<R extends RaRecord>(resource: string, params: GetManyParams) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      const page = await reported(meta, () =>
        fetchList(category, { filter: { id: params.ids } }, { signal: params.signal, fields: meta?.fields ?? referenceFields(category) }),
      );
      return { data: page.data as unknown as R[] };
    },

    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      const query = toListQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
      const page = await reported(meta, () => fetchList(category, query, { signal: params.signal, fields: meta?.fields }));
      return { data: page.data as unknown as R[], total: page.total };
    },

    async create<R extends RaRecord>(resource: string, params: CreateParams) {
      const category = mustGetCategory(resource);
      const body = createBody(category, params.data as Json);
      const { json } = await reported(params.meta as CallMeta | undefined, () =>
        http<Row>(`/${category.key}`, { method: 'POST', body }),
      );
      return { data: { ...body, ...json } as unknown as R };
    },

    async update<R extends RaRecord>(resource: string, params: UpdateParams) {
      const data = await update(resource, params.id, params.data as Json, params.previousData as Json, params.meta);
      return { data: data as unknown as R };
    },

    async updateMany(resource: string, params: UpdateManyParams) {
      // One call per object, in order: the API has no bulk update and the spec runs changes sequentially.
      for (const id of params.ids) await update(resource, id, params.data as Json, undefined, params.meta);
      return { data: params.ids };
    },

    async delete<R extends RaRecord>(resource: string, params: DeleteParams) {
      await remove(resource, params.id, params.meta);
      return { data: (params.previousData ?? { id: params.id }) as R };
    },

    async deleteMany(resource: string, params: DeleteManyParams) {
      // Spec section 9: deletions happen sequentially.
      for (const id of params.ids) await remove(resource, id, params.meta);
      return { data: params.ids };
    },
  };
}

export const dataProvider = createDataProvider();
