/**
 * Imported first by the command-line entries (npm start, npm run user). The registry is checked
 * while src/schemas/index.ts loads, before any line of the entry runs, so a schema mistake can
 * only be caught here: it is printed as its one line ('Schema error in site.code: ...') with exit
 * code 1, never as a stack trace. The entry calls schemaLoaded() once its imports have loaded;
 * later errors keep their usual report.
 */
import { RegistryError } from '../../src/schemas/fieldCheck';

function onLoadError(err: unknown): never {
  console.error(err instanceof RegistryError ? err.message : err);
  process.exit(1);
}

process.once('uncaughtException', onLoadError);

export function schemaLoaded(): void {
  process.off('uncaughtException', onLoadError);
}
