/**
 * Renders pickers inside react-admin's context (data provider over a fake /api, English
 * i18n) for the Dropdown and list tests. Options come from `objects`, per category key.
 */
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n';
import { installFetch, jsonResponse, type FetchHandler, type RecordedCall } from './fetchMock';

export type Objects = Record<string, Record<string, unknown>[]>;

/** Answers GET /api/{cat}?fields=a,b with json_list of `objects[cat]` projected on the fields. */
export function optionsHandler(objects: Objects): FetchHandler {
  return ({ url }) => {
    const match = /^\/api\/([a-z_]+)$/.exec(url.pathname);
    if (!match) return jsonResponse({ Description: 'Not found.' }, 404);
    const fields = url.searchParams.get('fields')?.split(',');
    const rows = (objects[match[1]] ?? []).map((o) => (fields ? Object.fromEntries(fields.map((f) => [f, o[f]])) : o));
    return jsonResponse({ json_list: rows });
  };
}

export function installOptions(objects: Objects): RecordedCall[] {
  return installFetch(optionsHandler(objects));
}

export const Harness = ({ children }: { children: ReactNode }) => (
  <AdminContext dataProvider={createDataProvider()} i18nProvider={i18nProvider}>
    {children}
  </AdminContext>
);

/** The texts of a native select's options, in order. */
export const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.text);
