/**
 * A json field whose JSON Schema is held by a referenced object (`definedBy` as 'schema': a
 * device's provisioning, its type's provisioning_schema): an @rjsf form of that schema, or the
 * raw JSON text input while the referenced object declares none. A value the schema refuses
 * stays in the form and is reported (onInvalid), so it is never saved. Null (nothing given) is
 * left as it is, as the server does; a value moved to another referenced object (another type)
 * is checked against the new schema at once, since the server checks it on that save too.
 */
import { Box, Typography } from '@mui/material';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
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
  const { name, field: spec, category, mode, readOnly, onInvalid } = props;
  const { field } = useInput({ source: name, format: (v: unknown) => v, parse: (v: unknown) => v });
  const definer = useDefiner(category, name);
  const schema = useMemo(() => rule.schema(definer.value), [definer.value]);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  useEffect(() => setDraft(undefined), [definer.refId]);
  const via = spec.definedBy?.via ?? '';
  const problemOf = (value: unknown) => rule.problem(definer.value, value, spec.label, category.fields[via]?.label ?? via);

  // The problem this input reported last: a new reference reports only a change of it.
  const reported = useRef<string | undefined>(undefined);
  const report = (problem: string | undefined) => {
    reported.current = problem;
    onInvalid?.(problem);
  };
  const { defaultValues } = useFormContext().formState;
  // The stored object under its stored reference is the server's to judge; anything else is checked before Submit.
  const moved = mode === 'new' || String(definer.refId ?? '') !== String(defaultValues?.[via] ?? '');
  const settled = !definer.hasRef || definer.loaded;
  const checkMove = useEffectEvent(() => {
    const problem = moved ? problemOf(field.value) : undefined;
    if (problem !== reported.current) report(problem);
  });
  useEffect(() => {
    if (settled) checkMove();
  }, [settled, definer.value, definer.refId, moved]);

  if (!schema) return <JsonFieldInput {...props} />;
  const edit = (value: unknown) => {
    const problem = problemOf(value);
    report(problem);
    setDraft(problem ? { value } : undefined);
    if (!problem && !sameJson(value, field.value)) field.onChange(value);
  };
  return (
    <Box data-testid={`schema-form-${name}`}>
      <Typography variant="subtitle1">{props.label ?? spec.label}</Typography>
      <LazyJsonSchemaForm
        key={String(definer.refId)}
        schema={schema}
        value={draft ? draft.value : field.value}
        readOnly={readOnly}
        onChange={edit}
      />
    </Box>
  );
};
