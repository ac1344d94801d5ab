import { ownMessages } from '../../messages';
import { RefListFieldInput } from '../inputs/RefListFieldInput';
import type { FieldInputProps, ResourceOverride } from '../overrides';

/** The collection's ordered list of documents (spec section 2 'Collection form'): the generic list input, in the collection's words. */
const CollectionDocumentsInput = (props: FieldInputProps) => <RefListFieldInput {...props} words={{ add: ownMessages.addDocument, none: ownMessages.noDocuments }} />;

export const override: ResourceOverride<'documents_collection'> = { fieldInputs: { basic_docs_list: CollectionDocumentsInput } };
