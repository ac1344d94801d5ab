/**
 * The password rules, written once for the console, the server and the user CLI: at least
 * MIN_PASSWORD characters, not only spaces, not the username, not a common password (the last two
 * compared as `comparable` puts them: spaces around trimmed, compatibility forms folded (NFKC), case
 * ignored, so 'password    ' is 'password' and a fullwidth 'ｐａｓｓｗｏｒｄ' too).
 * The list of common passwords is the server's (server/auth/commonPasswords.ts: about 100 KB the
 * browser does not download), so the console checks the first two live and the server all three.
 */
import { ownMessages } from '../messages';

export const MIN_PASSWORD = 12;

export interface PasswordContext {
  /** The account's username (sent, or stored when the body does not change it). */
  username?: unknown;
  /** Whether a password, as `comparable` gives it, is a common one (the server's list); absent in the console. */
  isCommon?: (comparable: string) => boolean;
}

/** A password or username as the rules compare it: trimmed, NFKC, lower case. */
export const comparable = (text: string): string => text.normalize('NFKC').trim().toLowerCase();

/** The first rule a password breaks, as its message, or undefined. Characters are code points. */
export function passwordProblem(password: unknown, { username, isCommon }: PasswordContext = {}): string | undefined {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD) return ownMessages.passwordTooShort(MIN_PASSWORD);
  const compared = comparable(password);
  if (compared === '') return ownMessages.passwordOnlySpaces;
  if (typeof username === 'string' && compared === comparable(username)) return ownMessages.passwordIsUsername;
  if (isCommon?.(compared)) return ownMessages.passwordCommon;
  return undefined;
}
