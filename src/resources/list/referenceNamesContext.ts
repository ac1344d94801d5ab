/**
 * The names of a page's referenced objects, as the table read them for all its reference cells at
 * once (ReferenceNames.tsx); the cells (listColumns.tsx) read them here. Apart so that the cells and
 * the table that reads the names do not import each other.
 */
import { createContext, useContext } from 'react';
import type { OptionRow } from '../dropdown/picker';

/** Referenced category key -> id (as text) -> the row its name is read from. */
export type Names = ReadonlyMap<string, ReadonlyMap<string, OptionRow>>;

/** Undefined outside a table that reads its names (a cell then reads its own, ReferenceField); names undefined until read. */
export const NamesContext = createContext<{ names: Names | undefined } | undefined>(undefined);

export const useReferenceNames = () => useContext(NamesContext);
