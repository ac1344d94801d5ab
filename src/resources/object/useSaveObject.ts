import { useState } from 'react';
import { useDataProvider, useRefresh, type RaRecord } from 'react-admin';
import type { Category } from '../../schemas';
import type { ObjectMode } from '../consoleRoutes';
import type { ResourceOverride } from '../overrides';
import { useConfirm } from '../../custom/confirm/useConfirm';
import { reportError } from '../../dataProvider/errors';
import { confirmBeforeSave } from './confirmBeforeSave';
import { savePayload, type Values } from './formFields';
import type { AfterSave, FileUpload } from './useFileUpload';
import { fieldRefusal, type FieldRefusal } from './saveRefusal';

export interface SaveOptions {
  category: Category;
  mode: ObjectMode;
  record?: RaRecord;
  onSaved: (record: RaRecord) => void;
  /** The object's file (`category.file`), uploaded once the object is saved. */
  file?: FileUpload;
  /** The object was saved but its chosen file was not uploaded (the failure is shown by the file's control). */
  onFileFailed?: (record: RaRecord, outcome: AfterSave) => void;
  /** The category's override's step before the save (it may change the values or stop the save). */
  beforeSave?: ResourceOverride['beforeSave'];
  /** The form's fields: a refusal that concerns one of them is the form's to show. */
  fields: readonly string[];
  /** The server refused the save because of one field (a unique ID already used): shown by the form. */
  onRefused: (refusal: FieldRefusal, values: Values) => void;
}

/**
 * Creates or updates the object: POST /api/{cat}, or PUT /api/{cat}/{id} with the changed fields
 * only (the data provider diffs against the loaded object), after the confirmations of spec
 * section 5 (in-page dialogs) and the override's `beforeSave`, then uploads the chosen file (spec
 * section 4 'Firmware save'). A refusal that concerns one field goes to the form (`onRefused`),
 * any other failure to the error catalogue; the form keeps every value.
 */
export function useSaveObject({ category, mode, record, onSaved, file, onFileFailed, beforeSave, fields, onRefused }: SaveOptions) {
  const dataProvider = useDataProvider();
  const confirm = useConfirm();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    const existing = mode !== 'new' && record !== undefined;
    if (existing && !(await confirmBeforeSave(dataProvider, category, values, record, (text) => confirm({ text })))) return;
    setSaving(true);
    const prepared = beforeSave ? await beforeSave(values, { category, mode, record, dataProvider }) : values;
    if (!prepared) {
      setSaving(false);
      return;
    }
    const data = savePayload(category, prepared);
    let saved: RaRecord;
    try {
      const meta = { report: false };
      saved = existing
        ? (await dataProvider.update(category.key, { id: record.id, data, previousData: record, meta })).data
        : (await dataProvider.create(category.key, { data, meta })).data;
    } catch (error) {
      setSaving(false);
      const refusal = fieldRefusal(category, fields, prepared, error);
      if (refusal) onRefused(refusal, prepared);
      else reportError(error);
      return;
    }
    const upload = file ? await file.afterSave(saved) : { uploaded: true };
    setSaving(false);
    // Every list, picker and object read shows the change (the new object in the parent's picker too).
    refresh();
    if (upload.uploaded) onSaved(saved);
    else onFileFailed?.(saved, upload);
  };

  return { save, saving };
}
