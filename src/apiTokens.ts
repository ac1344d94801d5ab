/**
 * What the console and the server share about API tokens (server/tokens/): the bounds of a new
 * token's life and its answers' shapes, so the profile page's form checks what the server checks.
 */

/** The longest life of a token, in days: a pipeline's token is renewed at least once a year. */
export const TOKEN_MAX_DAYS = 365;

/** A token as GET /api/tokens lists it: never its secret. */
export interface ApiTokenInfo {
  id: number;
  name: string;
  /** The teams it is limited to; null: every team of its user. */
  teams: { id: number; name: string }[] | null;
  read_only: boolean;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}

/** The answer of POST /api/tokens: the token itself, answered this once. */
export interface NewApiToken {
  id: number;
  token: string;
}
