import { Box, Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { getCategory, type Category } from '../../schemas';
import { FieldInput } from '../inputs/FieldInput';
import { inputKind } from '../inputs/inputKind';
import type { ObjectMode } from '../consoleRoutes';
import type { ResourceOverride } from '../overrides';
import { CreateInlineButton } from './CreateInlineButton';
import { isEmptyValue, type Values } from './formFields';
import { missingDependency, pickerDependencies, pickerFilters } from './pickerRules';
import { useRefField } from './useRefField';

export interface FieldRowProps {
  category: Category;
  name: string;
  mode: ObjectMode;
  /** View mode, or a user who may not modify the object. */
  readOnly: boolean;
  values: Values;
  /** The field's error is listed (it turns red). */
  error: boolean;
  /** A problem also said under the field (what the server told: a unique ID already used). */
  problem?: string;
  /** Locked by the objects that use this one (spec sections 4 and 5). */
  locked: boolean;
  fieldInputs: ResourceOverride['fieldInputs'];
  onInvalid: (name: string, message: string | undefined) => void;
}

/**
 * One field of the object form: the override's input for it or the generic one of its kind,
 * with what the schema says around it (label from another object, dependent pickers, follows).
 */
export const FieldRow = ({ category, name, mode, readOnly, values, error, problem, locked, fieldInputs, onInvalid }: FieldRowProps) => {
  const field = category.fields[name];
  const { setValue } = useFormContext();
  const labelVia = field.labelFrom ? category.fields[field.labelFrom.via] : undefined;
  const borrowed = useRefField(labelVia?.ref, field.labelFrom ? values[field.labelFrom.via] : undefined, field.labelFrom?.field ?? '');
  const label = typeof borrowed === 'string' && borrowed.trim() !== '' ? borrowed : field.label;

  const deps = inputKind(field) === 'select' || inputKind(field) === 'refList' ? pickerDependencies(category, name, getCategory) : [];
  const waitingFor = readOnly ? undefined : missingDependency(category, deps, values);

  const following = field.follows !== undefined && (field.follows.always === true || !isEmptyValue(values[field.follows.via]));
  const hint = waitingFor ?? (following && !readOnly ? field.follows?.message : undefined);
  const disabled = locked || waitingFor !== undefined || (following && inputKind(field) === 'select');
  const refCategory = field.ref ? getCategory(field.ref) : undefined;

  const input = (
    <FieldInput
      name={name}
      field={field}
      category={category}
      mode={mode}
      readOnly={readOnly || following}
      label={label}
      error={error}
      helperText={problem ?? hint}
      disabled={disabled}
      onInvalid={(message) => onInvalid(name, message)}
    />
  );
  const generic =
    !field.createInline || readOnly || !refCategory ? (
      input
    ) : (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{input}</Box>
        <CreateInlineButton
          category={refCategory}
          preset={pickerFilters(deps, values)}
          disabled={disabled}
          onCreated={(record) => setValue(name, record.id, { shouldDirty: true, shouldTouch: true })}
        />
      </Stack>
    );

  const Override = fieldInputs?.[name];
  if (!Override) return generic;
  return (
    <Override
      name={name}
      field={field}
      category={category}
      mode={mode}
      readOnly={readOnly || locked}
      disabled={waitingFor !== undefined}
      helperText={waitingFor}
      onInvalid={(message) => onInvalid(name, message)}
      generic={generic}
    />
  );
};
