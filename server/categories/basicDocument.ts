/**
 * Basic documents (spec sections 4 and 5): a document still used by an object of its team
 * cannot be deleted, nor moved to another team. Documents are attached through JSON lists of
 * ids (documentLists.ts), which foreign keys cannot guard, hence these checks.
 */
import type { CategoryHooks } from '../crud/hooks';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas/index';
import { conflict } from '../http/errors';
import { TEAM_FIELD } from '../crud/access';
import { documentListedInTeam } from './documentLists';

export const basicDocumentHooks: CategoryHooks = {
  async beforeUpdate({ tx, input, existing }) {
    if (!(TEAM_FIELD in input) || input[TEAM_FIELD] === existing[TEAM_FIELD]) return;
    if (await documentListedInTeam(tx, existing.id as number, existing[TEAM_FIELD])) {
      throw conflict(ownMessages.fieldCannotChange(mustGetCategory('basic_document').fields[TEAM_FIELD].label));
    }
  },
  async beforeDelete({ tx, existing }) {
    // Only lists of the document's own team count: another team's list cannot hold it hostage.
    if (await documentListedInTeam(tx, existing.id as number, existing[TEAM_FIELD])) {
      throw conflict(ownMessages.inUse(String(existing.name)));
    }
  },
};
