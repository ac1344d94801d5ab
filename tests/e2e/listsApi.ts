/**
 * Data for the lists and teams specs, made through the API: a request context signed in as the
 * e2e admin (the server administrator), with the CSRF header every write needs. Names carry a
 * per-run token so that specs never see each other's objects.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { ADMIN, E2E_PORT } from './settings';
import { createObject, HEADERS } from './objectApi';

const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export type Obj = Record<string, unknown> & { id: number };

/** Letters and digits only: valid in every name and username, unique per call. */
export const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export async function signedInApi(credentials: { username: string; password: string } = ADMIN): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: HEADERS });
  const response = await api.post('/api/login', { data: credentials });
  expect(response.status()).toBe(204);
  return api;
}

export const create: (api: APIRequestContext, cat: string, body: Record<string, unknown>) => Promise<Obj> = createObject;
