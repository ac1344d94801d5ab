/**
 * JsonSchemaForm behind React.lazy: @rjsf and its ajv land in their own chunk, fetched the first
 * time a form that needs them shows, so the console's first load does not grow.
 */
import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { ownMessages } from '../../messages';
import type { JsonSchemaFormProps } from './JsonSchemaForm';

const JsonSchemaForm = lazy(() => import('./JsonSchemaForm'));

export const LazyJsonSchemaForm = (props: JsonSchemaFormProps) => (
  <Suspense fallback={<Typography variant="body2">{ownMessages.jsonFormLoading}</Typography>}>
    <JsonSchemaForm {...props} />
  </Suspense>
);
