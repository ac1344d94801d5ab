/**
 * `npm run docs`: docs/API.md from the document of the app itself, built on an empty database in
 * memory (the routes declare their contracts where they are registered, server/openapi/plugin.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { openApiDocumentOf } from '../server/openapi/plugin';
import { apiDoc } from '../server/openapi/markdown';

const scratch = mkdtempSync(join(tmpdir(), 'pucs-docs-'));
const db = await openDatabase({});
await migrate(db);
const app = await buildApp({ db, config: readConfig({ PUCS_DATA_DIR: scratch, PUCS_FILES_DIR: join(scratch, 'files'), PUCS_DIST_DIR: join(scratch, 'dist') }) });
await app.ready();
writeFileSync(new URL('../docs/API.md', import.meta.url), apiDoc(openApiDocumentOf(app)));
await app.close();
await db.close();
rmSync(scratch, { recursive: true, force: true });
console.log('docs/API.md written');
