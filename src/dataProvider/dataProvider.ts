/**
 * The react-admin DataProvider over the generic calls of spec section 7: ra-data-simple-rest (the
 * server speaks its list dialect on GET /api/full/{cat}: sort, range, filter, Content-Range) with
 * the console's http client (httpClient.ts: the shared helper, the ?fields= projection, the error
 * catalogue). What differs from simple-rest is overridden here: the projection each read asks for,
 * the spec's whole lists, writes sending only changed fields, updateMany and deleteMany as batch calls,
 * and the custom methods of the special calls that change or count objects (ObjectCalls).
 * Every read and write of objects goes through here, so react-admin's query cache knows of it
 * (useObjectCalls.ts invalidates what a custom method changed). A resource name is a registry
 * category key, which is also the API path segment (device, devices_group, ...).
 *
 * Callers tune a call through `meta`:
 *   meta.report = false      only re-throw (spec: "Object update failure ... only logged")
 *   meta.errorExtra = '...'  appended to the alert on a new line
 *   meta.fields = [...]      the ?fields= projection (lists default to the schema's list columns)
 *   meta.full = false        getOne reads /api/{cat}/{id} instead of /api/full/{cat}/{id}
 *   meta.all = true          getList reads the whole list with the spec's GET /api/{cat}?fields=
 *                            (pickers, existing names); the filter's entries are sent as plain
 *                            parameters (?team_id=1); pagination and sort are ignored
 *   meta.table = true        a page read by the table of a list route (/devices): the route's next
 *                            load sends the same read early, before the console is there (earlyRead.ts)
 * A getList without pagination reads every match of its filter and sort, with no range (the
 * server's list cap bounds it; its Content-Range tells the total): simple-rest always sends one.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, DeleteParams, GetListParams, GetManyParams, Identifier, RaRecord } from 'react-admin';
import { mustGetCategory, type Category } from '../schemas';
import { expectationsQuery, type ContentExpectations } from '../schemas/contentExpectations';
import { API_BASE, apiUrl, type QueryValue } from './http';
import { httpClient, type ClientOptions } from './httpClient';
import { currentRoute } from './earlyRead';
import { reportError } from './errors';
import { cleanFilter, fetchListPage, listFields, wholeListRows, type Row } from './listQuery';
import { changedFields, createBody, type Json } from './recordDiff';
import { DASHBOARD_PATH, type DashboardFigures } from '../custom/dashboard/dashboardFigures';
import { isDashboardFigures } from '../custom/dashboard/isDashboardFigures';
import { ownMessages } from '../messages';
import { BATCH_MAX, batchPath } from '../batch';

export interface CallMeta {
  report?: boolean;
  errorExtra?: string;
  fields?: readonly string[];
  full?: boolean;
  all?: boolean;
  table?: boolean;
}

/** The special calls on objects, beside react-admin's methods. */
export interface ObjectCalls {
  /**
   * DELETE /api/{cat}/{id}?cascade=true: the object's declared content (Category.deleteWithContent)
   * goes with it in one server transaction, bound to the counts the user was shown (expect_{key}=n,
   * src/schemas/contentExpectations.ts); 409 when they differ. Failures are only re-thrown.
   */
  deleteWithContent(resource: string, params: { id: Identifier; expectContent: ContentExpectations }): Promise<void>;
  /** GET /api/dashboard: the home page's figures over the user's teams. */
  getDashboard(params: { signal?: AbortSignal }): Promise<DashboardFigures>;
  /**
   * PUT /api/set_device_claimed_status/{id} {to_be_claimed}: the device waits to be claimed (with a
   * new claim code, answered once) or no longer does. Failures are only re-thrown.
   */
  setClaimStatus(params: { id: Identifier; toBeClaimed: boolean }): Promise<{ claim_code: string | null }>;
}

export type ConsoleDataProvider = DataProvider & ObjectCalls;

/** The full forms: lists and getOne read /api/full/{cat}. */
const FULL_API = `${API_BASE}/full`;

const clientOptions = (meta: CallMeta | undefined): ClientOptions => ({ report: meta?.report, errorExtra: meta?.errorExtra });

/** simple-rest's provider whose calls carry this projection and this choice of error reporting (and a table's reads, its route). */
const simpleRest = (meta: CallMeta | undefined, fields: readonly string[] | undefined) => {
  const tableRoute = meta?.table ? currentRoute() : undefined;
  return simpleRestProvider(FULL_API, (url: string, options?: ClientOptions) => httpClient(url, { ...options, ...clientOptions(meta), fields, tableRoute }));
};

/** What getMany reads by default: enough to show a referenced object (its list columns and summary). */
const referenceFields = (category: Category) => [...new Set([...listFields(category), ...category.summary])];

const objectPath = (category: Category, id: Identifier) => `/${category.key}/${encodeURIComponent(String(id))}`;

/** A failure met after the http client (a list the server cut) goes to the catalogue as the client's do. */
async function reported<T>(meta: CallMeta | undefined, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (meta?.report !== false) reportError(error, { extra: meta?.errorExtra });
    throw error;
  }
}

/** The spec's whole list, GET /api/{cat}?fields=...[&{filter}]; a list the server cut is an error. */
async function wholeList(category: Category, params: GetListParams, meta: CallMeta): Promise<Row[]> {
  const query = cleanFilter(params.filter ?? {}) as Record<string, QueryValue>;
  const { json, headers } = await httpClient(apiUrl(`/${category.key}`, query), {
    ...clientOptions(meta),
    fields: meta.fields ?? listFields(category),
    signal: params.signal,
  });
  return reported(meta, async () => wholeListRows(json as { json_list?: Row[] } | null, headers));
}

/** Every match of the list dialect, without a range. */
function everyMatch(category: Category, params: GetListParams, meta: CallMeta | undefined) {
  const sort = params.sort?.field ? { field: params.sort.field, order: params.sort.order === 'DESC' ? ('DESC' as const) : ('ASC' as const) } : undefined;
  return reported(meta, () => fetchListPage(category, { filter: params.filter ?? {}, sort }, { fields: meta?.fields, signal: params.signal }));
}

/**
 * The batch calls (src/batch.ts): the same change or delete of many objects, BATCH_MAX per call,
 * each call one server transaction; the first refused stops, the batches before it done.
 */
async function inBatches(category: Category, ids: readonly Identifier[], meta: CallMeta | undefined, method: 'PUT' | 'DELETE', body: Record<string, unknown>) {
  for (let start = 0; start < ids.length; start += BATCH_MAX) {
    await httpClient(apiUrl(batchPath(category.key)), { ...clientOptions(meta), method, body: { ...body, ids: ids.slice(start, start + BATCH_MAX) } });
  }
}

export function createDataProvider(): ConsoleDataProvider {
  const update = async (resource: string, id: Identifier, data: Json, previousData: Json | undefined, meta?: CallMeta) => {
    const category = mustGetCategory(resource);
    const changes = changedFields(category, data, previousData);
    if (Object.keys(changes).length === 0) return { ...previousData, ...data, id } as Row;
    const { json } = await httpClient(apiUrl(objectPath(category, id)), { ...clientOptions(meta), method: 'PUT', body: changes });
    return (json ?? { ...previousData, ...changes, id }) as Row;
  };

  const remove = async (resource: string, id: Identifier, meta?: CallMeta, query?: Record<string, QueryValue>) => {
    const category = mustGetCategory(resource);
    await httpClient(apiUrl(objectPath(category, id), query), { ...clientOptions(meta), method: 'DELETE' });
  };

  return {
    supportAbortSignal: true,

    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      if (meta?.all) {
        const rows = await wholeList(category, params, meta);
        return { data: rows as unknown as R[], total: rows.length };
      }
      if (!params.pagination) {
        const page = await everyMatch(category, params, meta);
        return { data: page.data as unknown as R[], total: page.total };
      }
      return simpleRest(meta, meta?.fields ?? listFields(category)).getList<R>(category.key, { ...params, filter: cleanFilter(params.filter ?? {}) });
    },

    async getOne<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getOne']>[1]) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      if (meta?.full !== false) return simpleRest(meta, meta?.fields).getOne<R>(category.key, params);
      const { json } = await httpClient(apiUrl(objectPath(category, params.id)), { ...clientOptions(meta), fields: meta.fields, signal: params.signal });
      return { data: json as R };
    },

    async getMany<R extends RaRecord>(resource: string, params: GetManyParams) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      return simpleRest(meta, meta?.fields ?? referenceFields(category)).getMany<R>(category.key, params);
    },

    async getManyReference<R extends RaRecord>(resource: string, params: Parameters<DataProvider['getManyReference']>[1]) {
      const category = mustGetCategory(resource);
      const meta = params.meta as CallMeta | undefined;
      return simpleRest(meta, meta?.fields ?? listFields(category)).getManyReference<R>(category.key, { ...params, filter: cleanFilter(params.filter ?? {}) });
    },

    async create<R extends RaRecord>(resource: string, params: Parameters<DataProvider['create']>[1]) {
      const category = mustGetCategory(resource);
      const body = createBody(category, params.data as Json);
      const { json } = await httpClient(apiUrl(`/${category.key}`), { ...clientOptions(params.meta as CallMeta | undefined), method: 'POST', body });
      return { data: { ...body, ...(json as Row) } as unknown as R };
    },

    async update<R extends RaRecord>(resource: string, params: Parameters<DataProvider['update']>[1]) {
      const data = await update(resource, params.id, params.data as Json, params.previousData as Json, params.meta);
      return { data: data as unknown as R };
    },

    async updateMany(resource: string, params: Parameters<DataProvider['updateMany']>[1]) {
      const category = mustGetCategory(resource);
      const data = changedFields(category, params.data as Json, undefined);
      await inBatches(category, params.ids, params.meta, 'PUT', { data });
      return { data: params.ids };
    },

    async delete<R extends RaRecord>(resource: string, params: DeleteParams) {
      await remove(resource, params.id, params.meta);
      return { data: (params.previousData ?? { id: params.id }) as R };
    },

    async deleteMany(resource: string, params: Parameters<DataProvider['deleteMany']>[1]) {
      // Spec section 9: deletions happen sequentially (the server deletes a batch's objects in turn).
      await inBatches(mustGetCategory(resource), params.ids, params.meta, 'DELETE', {});
      return { data: params.ids };
    },

    async deleteWithContent(resource, { id, expectContent }) {
      await remove(resource, id, { report: false }, { cascade: 'true', ...expectationsQuery(expectContent) });
    },

    async setClaimStatus({ id, toBeClaimed }) {
      const { json } = await httpClient(apiUrl(`/set_device_claimed_status/${encodeURIComponent(String(id))}`), {
        report: false,
        method: 'PUT',
        body: { to_be_claimed: toBeClaimed },
      });
      return { claim_code: (json as { claim_code?: string | null } | null)?.claim_code ?? null };
    },

    async getDashboard({ signal }) {
      const { json } = await httpClient(apiUrl(DASHBOARD_PATH), { report: false, signal });
      if (!isDashboardFigures(json)) throw new Error(ownMessages.dashboardUnreadable);
      return json;
    },
  };
}

export const dataProvider = createDataProvider();
