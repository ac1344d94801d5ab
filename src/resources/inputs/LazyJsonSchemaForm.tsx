/**
 * JsonSchemaForm in a chunk of its own (src/lazyChunk.tsx: the spec's 120 s timeout, then an
 * error with Retry): @rjsf and its ajv are fetched the first time a form that needs them shows,
 * so the console's first load does not grow.
 */
import { Typography } from '@mui/material';
import { ownMessages } from '../../messages';
import { lazyChunk } from '../../lazyChunk';
import type { JsonSchemaFormProps } from './JsonSchemaForm';

export const LazyJsonSchemaForm = lazyChunk<JsonSchemaFormProps>(() => import('./JsonSchemaForm'), {
  fallback: <Typography variant="body2">{ownMessages.jsonFormLoading}</Typography>,
});
