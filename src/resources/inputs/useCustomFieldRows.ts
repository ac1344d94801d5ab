/**
 * The editor's rows, kept beside the form value: the form holds only what is saved (rows with a
 * name, without console-only flags), while the rows also hold the half-typed ones, their origin
 * and drafts. A value set from outside (the record loaded, a form reset) reloads the rows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { ownMessages } from '../../messages';
import { duplicateNames, rowsFromStored, toSaved, type CustomFieldRow } from './customFields';

/** Refuses a save while two fields share a name: devices could not tell them apart. */
export function validateCustomFields(value: unknown): string | undefined {
  const twice = Array.isArray(value) ? duplicateNames(value as { name: string }[]) : [];
  return twice.length > 0 ? ownMessages.customFieldDuplicate(twice[0]) : undefined;
}

export function useCustomFieldRows(source: string) {
  const { field, fieldState } = useInput({ source, validate: validateCustomFields });
  const valueJson = JSON.stringify(field.value ?? []);
  const [rows, setRowsState] = useState<CustomFieldRow[]>(() => rowsFromStored(field.value));
  const written = useRef(valueJson);

  useEffect(() => {
    if (valueJson === written.current) return;
    written.current = valueJson;
    setRowsState(rowsFromStored(JSON.parse(valueJson)));
  }, [valueJson]);

  const { onChange } = field;
  const setRows = useCallback(
    (next: CustomFieldRow[]) => {
      setRowsState(next);
      const saved = toSaved(next);
      const json = JSON.stringify(saved);
      if (json === written.current) return;
      written.current = json;
      onChange(saved);
    },
    [onChange],
  );

  return { rows, setRows, error: fieldState.error?.message };
}
