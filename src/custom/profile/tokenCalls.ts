/** The profile page's calls of the API token routes (server/tokens/routes.ts), through the shared helper. */
import { http } from '../../dataProvider/http';
import type { ApiTokenInfo, NewApiToken } from '../../apiTokens';

export const TOKENS_PATH = '/tokens';

export interface TokenForm {
  name: string;
  expires_in_days: number;
  /** Left out: all the user's teams. */
  team_ids?: number[];
  read_only: boolean;
}

export const listTokens = async (): Promise<ApiTokenInfo[]> => (await http<ApiTokenInfo[]>(TOKENS_PATH)).json;

export const makeToken = async (form: TokenForm): Promise<NewApiToken> => (await http<NewApiToken>(TOKENS_PATH, { method: 'POST', body: form })).json;

export const revokeToken = async (id: number): Promise<void> => {
  await http(`${TOKENS_PATH}/${id}`, { method: 'DELETE' });
};
