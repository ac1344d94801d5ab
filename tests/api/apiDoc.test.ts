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

it("a field's declared bounds (minLength, min, max) are in its row, as maxLength is", async () => {
  const { buildApp } = await import('../../server/app');
  const { serverRegistry } = await import('../../server/crud/registry');
  const { hooks } = await import('../../server/registry');
  const { guideCategories, withGuide } = await import('../fixtures/guideExample');
  const app = await buildApp({ db: t.db, config: t.config, registry: serverRegistry(withGuide(await guideCategories()), hooks) });
  try {
    await app.ready();
    const doc = apiDoc(openApiDocumentOf(app));
    expect(doc).toContain('| `floors` | integer | Floors |  | list column; default `1`; at least 0; at most 200 |');
    expect(doc).toContain('| `latitude` | number | Latitude |  | list column; at least -90; at most 90 |');
  } finally {
    await app.close();
  }
});
