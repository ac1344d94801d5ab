/**
 * A small stand-in for the server's list dialect (GET /api/full/{cat} with sort, range, filter)
 * and the spec's whole lists (GET /api/{cat}?fields=), over in-memory objects, recording calls.
 */
import { jsonResponse, installFetch, type RecordedCall } from './fetchMock';
import type { Objects } from './dropdownHarness';

type Row = Record<string, unknown>;

function matches(row: Row, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    if (key === 'q') return String(row.name ?? '').toLowerCase().includes(String(wanted).toLowerCase());
    if (wanted === null) return row[key] === null || row[key] === undefined;
    const values = Array.isArray(wanted) ? wanted : [wanted];
    return values.some((v) => String(v) === String(row[key]));
  });
}

export function installFakeApi(objects: Objects, extra?: (call: RecordedCall) => Response | undefined): RecordedCall[] {
  return installFetch((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    const { url } = call;
    const full = /^\/api\/full\/([a-z_]+)$/.exec(url.pathname);
    if (full) {
      const params = url.searchParams;
      const filter = JSON.parse(params.get('filter') ?? '{}') as Record<string, unknown>;
      const [field, order] = JSON.parse(params.get('sort') ?? '["id","ASC"]') as [string, string];
      const rows = (objects[full[1]] ?? []).filter((r) => matches(r, filter));
      rows.sort((a, b) => String(a[field]).localeCompare(String(b[field]), 'en', { numeric: true }) * (order === 'DESC' ? -1 : 1));
      const range = params.get('range') ? (JSON.parse(params.get('range')!) as [number, number]) : [0, rows.length - 1];
      const page = rows.slice(range[0], range[1] + 1);
      return jsonResponse(page, 200, { 'Content-Range': `${full[1]} ${range[0]}-${range[0] + page.length - 1}/${rows.length}` });
    }
    const whole = /^\/api\/([a-z_]+)$/.exec(url.pathname);
    if (whole) {
      const fields = url.searchParams.get('fields')?.split(',');
      const rows = (objects[whole[1]] ?? []).map((o) => (fields ? Object.fromEntries(fields.map((f) => [f, o[f]])) : o));
      return jsonResponse({ json_list: rows });
    }
    return jsonResponse({ Description: 'Not found.' }, 404);
  });
}

/** The parsed dialect parameters of a recorded list call. */
export const dialect = (call: RecordedCall) => ({
  sort: JSON.parse(call.url.searchParams.get('sort') ?? 'null'),
  range: JSON.parse(call.url.searchParams.get('range') ?? 'null'),
  filter: JSON.parse(call.url.searchParams.get('filter') ?? 'null'),
});
