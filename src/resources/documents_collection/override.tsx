import type { ResourceOverride } from '../overrides';
import { CollectionDocumentsInput } from './CollectionDocumentsInput';

/** The collection's ordered list of documents, edited its own way (spec section 2 'Document form'). */
export const override: ResourceOverride<'documents_collection'> = { fieldInputs: { basic_docs_list: CollectionDocumentsInput } };
