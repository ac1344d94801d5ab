/**
 * Custom field values whose fields are defined on a referenced object: a device's values follow
 * its chosen type's definitions, compiled to a JSON Schema and rendered as an @rjsf form, filled
 * with the device's value or the definition's default. The form value keeps the spec's list
 * shape. It is written when the user edits a value, and once per type read when the form is not
 * untouched (an added object, another type chosen): an untouched edit sends nothing. A value the
 * schema refuses stays in the form and is reported (onInvalid), so it is never saved.
 */
import { Box, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ownMessages } from '../../messages';
import { sameJson } from '../../schemas/sameJson';
import { objectToValues, readCustomFields, valuesFromDefinitions, valuesToObject } from '../../schemas/customFields';
import { definedByRule } from '../../schemas/definedBy';
import type { GenericInputProps } from './inputProps';
import { LazyJsonSchemaForm } from './LazyJsonSchemaForm';
import { useDefiner } from './useDefiner';

const rule = definedByRule('customFields');

export const CustomFieldValuesInput = ({ name, field: spec, category, mode, readOnly, onInvalid }: GenericInputProps) => {
  const { field } = useInput({ source: name });
  const via = spec.definedBy?.via ?? '';
  const definer = useDefiner(category, name);
  const definitions = useMemo(() => readCustomFields(definer.value), [definer.value]);
  const schema = useMemo(() => rule.schema(definer.value), [definer.value]);
  const values = useMemo(() => valuesFromDefinitions(definitions, readCustomFields(field.value)), [definitions, field.value]);

  const { defaultValues } = useFormContext().formState;
  const untouched =
    mode !== 'new' && String(definer.refId) === String(defaultValues?.[via]) && sameJson(field.value, defaultValues?.[name]);
  const { onChange } = field;
  // The reference whose definitions the form value was last fitted to.
  const fittedTo = useRef<unknown>(undefined);
  useEffect(() => {
    if (readOnly || !definer.loaded || untouched || fittedTo.current === definer.refId) return;
    fittedTo.current = definer.refId;
    if (!sameJson(values, field.value)) onChange(values);
  }, [readOnly, definer.loaded, definer.refId, untouched, values, field.value, onChange]);

  // What the user typed that the schema refuses (a decimal in an integer field), kept on screen.
  const [draft, setDraft] = useState<Record<string, unknown> | undefined>(undefined);
  const formData = useMemo(() => draft ?? valuesToObject(values), [draft, values]);
  useEffect(() => setDraft(undefined), [definer.refId]);

  const edit = (object: unknown) => {
    const list = objectToValues(definitions, (object ?? {}) as Record<string, unknown>);
    const problem = rule.problem(definer.value, list, spec.label, category.fields[via]?.label ?? via);
    onInvalid?.(problem);
    setDraft(problem ? (object as Record<string, unknown>) : undefined);
    if (!problem && !sameJson(list, field.value)) onChange(list);
  };

  let body;
  if (!definer.hasRef) body = readOnly ? null : <Typography variant="body2">{ownMessages.customFieldsNeedType}</Typography>;
  else if (!definer.loaded) body = null;
  else if (definitions.length === 0) body = <Typography variant="body2">{ownMessages.noCustomFields}</Typography>;
  else body = <LazyJsonSchemaForm key={String(definer.refId)} schema={schema ?? {}} value={formData} readOnly={readOnly} onChange={edit} />;

  return (
    <Box sx={{ my: 1 }} data-testid={`custom-fields-${name}`}>
      <Typography variant="subtitle1">{spec.label}</Typography>
      {body}
    </Box>
  );
};
