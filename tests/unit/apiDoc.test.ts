import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { apiDoc } from '../../scripts/apiDoc';

it('docs/API.md is generated from the OpenAPI document of the current registry (run `npm run docs`)', () => {
  expect(readFileSync('docs/API.md', 'utf8')).toBe(apiDoc());
});
