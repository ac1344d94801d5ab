import type { ResourceOverride } from '../overrides';
import { CollectionDocumentsInput } from './CollectionDocumentsInput';

/** The collection's list of documents is declared without an input (input: 'none'): this is it. */
export const override: ResourceOverride = { fieldInputs: { basic_docs_list: CollectionDocumentsInput } };
