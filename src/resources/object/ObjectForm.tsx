import { Divider, Stack } from '@mui/material';
import { Fragment, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Form, RecordContextProvider, useIsMounted, useNavigate, type RaRecord } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { fieldProblem, type Category } from '../../schemas';
import { objectHref, objectRoutes, type ObjectMode } from '../consoleRoutes';
import type { ResourceOverride } from '../overrides';
import { ErrorList } from './ErrorList';
import { FileField } from './FileField';
import { FieldRow } from './FieldRow';
import { FollowValue } from './FollowValue';
import { FormButtons } from './FormButtons';
import { formDone, LeaveGuard } from './LeaveGuard';
import { defaultNameField, formFieldNames, initialValues, isOptionalField, shownFieldNames, type Values } from './formFields';
import { DefaultNameFollower } from './DefaultNameFollower';
import { lockedFields } from './locks';
import { OptionalFieldsToggle } from './OptionalFieldsToggle';
import { useExistingRows } from './useExistingRows';
import { useChangedFields } from './useChangedFields';
import { hasFileOrStandIn, useFileUpload, type FileErrorState } from './useFileUpload';
import { useRemoteChecks, type RemoteMessages } from './useRemoteChecks';
import { useUniqueChecks } from './useUniqueChecks';
import type { FieldRefusal } from './saveRefusal';
import { useSaveObject } from './useSaveObject';
import { fieldSections } from './sections';
import { ScreenSection } from './ScreenSection';
import { useFocusFirstField } from '../inputs/useFocusFirstField';
import { errorListItems, fileErrors, validateObject, type FieldErrors } from './validation';

export interface ObjectFormProps {
  category: Category;
  mode: ObjectMode;
  /** The loaded object (view and edit). */
  record?: RaRecord;
  /** Values a new object starts with besides the schema's defaults (a child gets its parent's team). */
  preset?: Values;
  /** Embedded in a parent: optional fields start hidden. */
  child: boolean;
  /** The user may modify the object (admin of its team); anyone may try to add. */
  canModify: boolean;
  override: ResourceOverride;
  onSaved: (record: RaRecord) => void;
  onCancel: () => void;
  /** The Delete button to show in view and edit. */
  deleteButton?: ReactNode;
}

type Submit = (values: Values) => Promise<void>;

/** The messages of both kinds of server checks, by field (a field has one kind or the other). */
const bothChecks = (a: RemoteMessages, b: RemoteMessages): RemoteMessages => {
  const merged: RemoteMessages = { ...a };
  for (const [name, message] of Object.entries(b)) merged[name] ??= message;
  return merged;
};

/** A save the server refused because of this field's value: shown while the value stays. */
interface Refused extends FieldRefusal {
  value: unknown;
}

/**
 * The object form of the add, view and edit modes: a react-admin Form (so that override inputs
 * use useInput / useFormContext) over the schema's fields, validated on change with the shared
 * rules, saved through the data provider.
 */
export const ObjectForm = (props: ObjectFormProps) => {
  const { category, record, preset } = props;
  const formRecord = useMemo(() => record ?? initialValues(category, preset), [record, category, preset]);
  const submit = useRef<Submit>(undefined);
  return (
    <RecordContextProvider value={formRecord}>
      <Form
        record={formRecord}
        noValidate
        // Nothing typed is lost when the object is read again under an edit (a refresh, a focus).
        resetOptions={{ keepDirtyValues: true, keepTouched: true }}
        onSubmit={(values: Values) => submit.current?.(values)}
      >
        <ObjectFormBody {...props} submit={submit} />
      </Form>
    </RecordContextProvider>
  );
};

const ObjectFormBody = ({
  category,
  mode,
  record,
  child,
  canModify,
  override,
  onSaved,
  onCancel,
  deleteButton,
  submit,
}: ObjectFormProps & { submit: RefObject<Submit | undefined> }) => {
  const values = useWatch() as Values;
  const { touchedFields, dirtyFields } = useFormState();
  const body = useRef<HTMLDivElement>(null);
  useFocusFirstField(body, mode === 'new');
  const readOnly = mode === 'view' || (mode === 'edit' && !canModify);
  const [submitted, setSubmitted] = useState(false);
  const [inputErrors, setInputErrors] = useState<FieldErrors>({});
  const [showOptional, setShowOptional] = useState(!child);

  const fields = useMemo(() => formFieldNames(category), [category]);
  const changed = useChangedFields(fields, values);
  const locked = useMemo(() => lockedFields(category, record), [category, record]);
  const existing = useExistingRows(category, !readOnly);
  const remote = useRemoteChecks(category, readOnly ? {} : values);
  const unique = useUniqueChecks(category, fields, readOnly ? {} : values, record);
  const [refused, setRefused] = useState<Refused[]>([]);
  const file = useFileUpload(category, record, override);
  const fileState = {
    uploaded: file !== undefined && hasFileOrStandIn(file.spec, record),
    chosen: file?.chosen !== undefined,
    hashing: file?.hashing !== undefined,
  };
  const validate = (of: Values, remoteMessages = bothChecks(remote.messages, unique.messages)): FieldErrors => ({
    ...validateObject({ category, fields, values: of, record, existing, remote: remoteMessages }),
    ...fileErrors(category, fileState, of),
    ...inputErrors,
  });

  // Created but without its file: the next Submit must update this object, not create another.
  // A user who left the form (which stopped the upload) is not brought back to it.
  const navigate = useNavigate();
  const mounted = useIsMounted();
  const routes = objectRoutes(category);
  const onFileFailed = (saved: RaRecord, outcome: { error?: string }) => {
    if (mode !== 'new' || !mounted.current) return;
    if (child || !routes) onSaved(saved);
    else navigate(objectHref(routes.edit, saved.id), { state: { ...formDone, fileError: outcome.error } satisfies FileErrorState & typeof formDone });
  };
  const onRefused = (refusal: FieldRefusal, at: Values) => setRefused([{ ...refusal, value: at[refusal.field] }]);
  const { save, saving } = useSaveObject({ category, mode, record, onSaved, file, onFileFailed, beforeSave: override.beforeSave, fields, onRefused });
  // A second Submit while the first waits for the server checks or the save must not save twice.
  const busy = useRef(false);
  submit.current = async (formValues) => {
    if (busy.current) return;
    busy.current = true;
    try {
      setSubmitted(true);
      setRefused([]);
      const errors = validate(formValues, bothChecks(await remote.settle(formValues), await unique.settle(formValues)));
      if (Object.keys(errors).length === 0) await save(formValues);
    } finally {
      busy.current = false;
    }
  };

  // A field's problem shows once it was changed or left, or after a save was tried ("validated on change").
  // A refusal of the server stays until its field changes; Submit asks the server again.
  const refusals = refused.filter((r) => String(values[r.field] ?? '') === String(r.value ?? ''));
  const allErrors: FieldErrors = readOnly ? {} : validate(values);
  for (const r of refusals) allErrors[r.field] ??= r.message;
  // What only the server could tell (a value already used) is said under the field too.
  const fromServer: Record<string, string | undefined> = { ...unique.messages };
  for (const r of refusals) fromServer[r.field] = r.message;
  // A stored value that a rule tightened since refuses (docs/INTEGRATOR.md) shows its problem as the edit
  // opens, on its field: the user sees what to fix before Submit refuses it.
  const storedBroken = (name: string) => mode === 'edit' && !changed.has(name) && fieldProblem(category.fields[name], values[name]) !== undefined;
  const shown = Object.fromEntries(
    Object.entries(allErrors).filter(([name]) => submitted || inputErrors[name] || changed.has(name) || touchedFields[name] || storedBroken(name)),
  ) as FieldErrors;
  const underField = (name: string) => (shown[name] !== undefined && shown[name] === fromServer[name] ? shown[name] : undefined);
  const onInvalid = (name: string, message: string | undefined) =>
    setInputErrors((current) => {
      if (current[name] === message) return current;
      const { [name]: _dropped, ...rest } = current;
      return message === undefined ? rest : { ...rest, [name]: message };
    });

  // Changed by the user: a field they changed and left, or the one they are changing now (Back
  // leaves it without a blur). A default or a followed value set by the form is no change of theirs.
  const changedByUser = () => {
    const inField = document.activeElement?.getAttribute('name');
    return Object.keys(dirtyFields).some((name) => touchedFields[name] || name === inField);
  };

  const nameField = defaultNameField(category);
  const hasOptional = fields.some((name) => isOptionalField(category.fields[name]));
  const visible = shownFieldNames(category, record !== undefined, override.fieldInputs).filter(
    (name) => showOptional || !isOptionalField(category.fields[name]),
  );

  const grouped = fieldSections(override.sections, visible);
  const row = (name: string) => (
    <FieldRow
      key={name}
      category={category}
      name={name}
      mode={mode}
      readOnly={readOnly}
      values={values}
      error={shown[name] !== undefined}
      problem={underField(name)}
      locked={locked.has(name)}
      fieldInputs={override.fieldInputs}
      onInvalid={onInvalid}
    />
  );

  return (
    <Stack ref={body} spacing={2} sx={{ mt: 1 }}>
      {!readOnly && !child && <LeaveGuard changed={changedByUser} />}
      {mode === 'new' && nameField && <DefaultNameFollower category={category} name={nameField} />}
      {fields
        .filter((name) => category.fields[name].follows)
        .map((name) => (
          <FollowValue key={name} category={category} name={name} stored={record} />
        ))}
      {child && hasOptional && <OptionalFieldsToggle shown={showOptional} onToggle={() => setShowOptional(!showOptional)} />}
      {grouped
        ? grouped.map((section, i) => (
            <Fragment key={section.key}>
              {i > 0 && <Divider />}
              <ScreenSection sectionKey={section.key} title={section.title}>
                <Stack spacing={2}>{section.fields.map(row)}</Stack>
              </ScreenSection>
            </Fragment>
          ))
        : visible.map(row)}
      {file && <FileField category={category} record={record} upload={file} readOnly={readOnly} problem={shown[file.spec.filename]} />}
      <ErrorList items={errorListItems(category, shown)} />
      <FormButtons mode={mode} canSave={mode === 'new' || canModify} saving={saving} onCancel={onCancel} deleteButton={deleteButton} />
    </Stack>
  );
};
