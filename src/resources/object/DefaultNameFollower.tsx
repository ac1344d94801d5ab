/**
 * While adding, keeps the name equal to the default name of the values chosen so far (spec
 * section 3: 'New Document of type {type}' follows the document type), until the user types a
 * name of their own: a name that is no longer the last default is theirs and stays. Renders nothing.
 */
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Category } from '../../schemas';
import { defaultName, type Values } from './formFields';

export const DefaultNameFollower = ({ category, name }: { category: Category; name: string }) => {
  const values = useWatch() as Values;
  const { setValue } = useFormContext();
  const wanted = defaultName(category, values);
  const last = useRef<string | undefined>(undefined);
  last.current ??= String(values[name] ?? '');
  useEffect(() => {
    if (values[name] !== last.current || wanted === last.current) return;
    last.current = wanted;
    setValue(name, wanted, { shouldDirty: true });
  }, [values, name, wanted, setValue]);
  return null;
};
