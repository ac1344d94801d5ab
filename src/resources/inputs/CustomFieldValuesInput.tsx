/**
 * Custom field values whose fields are defined on a referenced object: a device shows one typed
 * input per definition of its chosen type, filled with the device's value or the definition's
 * default. The values are written to the form when the user edits one, and whenever the form is
 * not untouched (an added object, another type chosen): an untouched edit sends nothing.
 */
import { Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useGetOne, useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ownMessages } from '../../messages';
import { sameJson } from '../../dataProvider/recordDiff';
import type { FieldInputProps } from '../overrides';
import { CustomFieldValueInput } from './CustomFieldValueInput';
import { readCustomFields, valuesFromDefinitions, type CustomFieldValue, type DefinitionSource } from './customFields';

export interface CustomFieldValuesInputProps extends FieldInputProps {
  source: DefinitionSource;
}

export const CustomFieldValuesInput = ({ name, field: spec, mode, readOnly, source }: CustomFieldValuesInputProps) => {
  const { field } = useInput({ source: name });
  const refId = useWatch({ name: source.via }) as number | string | null | undefined;
  const hasRef = refId !== null && refId !== undefined && refId !== '';
  const { data: definer } = useGetOne(
    source.refKey,
    { id: hasRef ? refId : '', meta: { full: false, fields: ['id', source.definitions] } },
    { enabled: hasRef },
  );
  const definitions = useMemo(() => readCustomFields(definer?.[source.definitions]), [definer, source.definitions]);
  const values = useMemo(() => valuesFromDefinitions(definitions, readCustomFields(field.value)), [definitions, field.value]);

  const { defaultValues } = useFormContext().formState;
  const untouched =
    mode !== 'new' && String(refId) === String(defaultValues?.[source.via]) && sameJson(field.value, defaultValues?.[name]);
  const loaded = hasRef && definer !== undefined && String(definer.id) === String(refId);
  const { onChange } = field;
  useEffect(() => {
    if (!readOnly && loaded && !untouched && !sameJson(values, field.value)) onChange(values);
  }, [readOnly, loaded, untouched, values, field.value, onChange]);

  // Text of integer inputs that is not a whole number yet, by field name.
  const [drafts, setDrafts] = useState<Record<string, string | undefined>>({});
  const setValue = (index: number, value: CustomFieldValue, draft?: string) => {
    setDrafts({ ...drafts, [values[index].name]: draft });
    onChange(values.map((v, i) => (i === index ? { ...v, value } : v)));
  };

  let body;
  if (!hasRef) body = readOnly ? null : <Typography variant="body2">{ownMessages.customFieldsNeedType}</Typography>;
  else if (!loaded) body = null;
  else if (values.length === 0) body = <Typography variant="body2">{ownMessages.noCustomFields}</Typography>;
  else
    body = (
      <Table size="small" aria-label={spec.label}>
        <TableBody>
          {values.map((v, i) => (
            <TableRow key={v.name}>
              <TableCell component="th" scope="row">
                {v.name}
              </TableCell>
              <TableCell>
                <CustomFieldValueInput
                  type={v.type}
                  value={v.value}
                  draft={drafts[v.name]}
                  label={v.name}
                  readOnly={readOnly}
                  onChange={(value, draft) => setValue(i, value, draft)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <Box sx={{ my: 1 }} data-testid={`custom-fields-${name}`}>
      <Typography variant="subtitle1">{spec.label}</Typography>
      {body}
    </Box>
  );
};
