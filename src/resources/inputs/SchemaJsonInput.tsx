/**
 * A json field whose JSON Schema is held by a referenced object (`definedBy` as 'schema': a
 * device's provisioning, its type's provisioning_schema): an @rjsf form of that schema, or the
 * raw JSON text input while the referenced object declares none. A value the schema refuses
 * stays in the form and is reported (onInvalid), so it is never saved.
 */
import { Box, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useInput } from 'react-admin';
import { sameJson } from '../../schemas/sameJson';
import { definedByRule } from '../../schemas/definedBy';
import type { GenericInputProps } from './inputProps';
import { JsonFieldInput } from './JsonFieldInput';
import { LazyJsonSchemaForm } from './LazyJsonSchemaForm';
import { useDefiner } from './useDefiner';

const rule = definedByRule('schema');

/** A value the schema form has not accepted yet, so that "nothing typed" differs from null. */
interface Draft {
  value: unknown;
}

export const SchemaJsonInput = (props: GenericInputProps) => {
  const { name, field: spec, category, readOnly, onInvalid } = props;
  const { field } = useInput({ source: name, format: (v: unknown) => v, parse: (v: unknown) => v });
  const definer = useDefiner(category, name);
  const schema = useMemo(() => rule.schema(definer.value), [definer.value]);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  useEffect(() => setDraft(undefined), [definer.refId]);

  if (!schema) return <JsonFieldInput {...props} />;
  const via = spec.definedBy?.via ?? '';
  const edit = (value: unknown) => {
    const problem = rule.problem(definer.value, value, spec.label, category.fields[via]?.label ?? via);
    onInvalid?.(problem);
    setDraft(problem ? { value } : undefined);
    if (!problem && !sameJson(value, field.value)) field.onChange(value);
  };
  return (
    <Box data-testid={`schema-form-${name}`}>
      <Typography variant="subtitle1">{props.label ?? spec.label}</Typography>
      <LazyJsonSchemaForm schema={schema} value={draft ? draft.value : field.value} readOnly={readOnly} onChange={edit} />
    </Box>
  );
};
