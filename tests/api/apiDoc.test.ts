/** docs/API.md is what `npm run docs` writes from the document of the app's own routes. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiDoc } from '../../server/openapi/markdown';
import { openApiDocumentOf } from '../../server/openapi/plugin';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('docs/API.md is generated from the OpenAPI document of the current registry and routes (run `npm run docs`)', () => {
  expect(readFileSync('docs/API.md', 'utf8')).toBe(apiDoc(openApiDocumentOf(t.app)));
});
