/**
 * A reference declared `enabledOnly` (a target firmware) that the form sets to a disabled object,
 * which no picker offers but a copied object or a preset may hold: reported as the field's
 * problem (onInvalid), with the server's own refusal (src/schemas/disabled.ts), before any save.
 * A value the object already held is kept, as the server keeps it.
 */
import { useEffect } from 'react';
import { useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { mustGetCategory, type FieldSpec } from '../../schemas';
import { disabledChoiceProblem } from '../../schemas/disabled';
import { usePickerOptions } from '../dropdown/usePickerOptions';
import type { ObjectMode } from '../consoleRoutes';

export function useDisabledChoice(name: string, field: FieldSpec, mode: ObjectMode, onInvalid?: (message: string | undefined) => void): void {
  const target = mustGetCategory(field.ref ?? '');
  // The picker's own rows (one call per category, shared), read only where the rule applies.
  const { rows } = usePickerOptions(target, field.enabledOnly === true && target.disabled !== undefined && mode !== 'view');
  const value: unknown = useWatch({ name });
  const record = useRecordContext();
  const held = mode !== 'new' && String(record?.[name] ?? '') === String(value ?? '');
  const row = held ? undefined : rows.find((r) => String(r.id) === String(value));
  const problem = row === undefined ? undefined : disabledChoiceProblem(field, target, row);
  // The form hands a new onInvalid each render: report when the problem changes, not on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onInvalid?.(problem), [problem]);
}
