/** Documents collections: their list of documents names documents of their own team (documentLists.ts). */
import type { CategoryHooks } from '../crud/hooks';
import { checkDocumentList } from './documentLists';

export const documentsCollectionHooks: CategoryHooks = {
  beforeCreate: (ctx) => checkDocumentList(ctx),
  beforeUpdate: (ctx) => checkDocumentList(ctx, ctx.existing),
};
