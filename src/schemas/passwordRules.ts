/**
 * The password rules, written once for the console, the server and the user CLI: at least
 * MIN_PASSWORD characters, not the username, not a common password (compared ignoring case).
 * The list of common passwords is the server's (server/auth/commonPasswords.ts: about 100 KB the
 * browser does not download), so the console checks the first two live and the server all three.
 */
import { ownMessages } from '../messages';

export const MIN_PASSWORD = 12;

export interface PasswordContext {
  /** The account's username (sent, or stored when the body does not change it). */
  username?: unknown;
  /** Whether a lower-cased password is a common one (the server's list); absent in the console. */
  isCommon?: (lowerCased: string) => boolean;
}

/** The first rule a password breaks, as its message, or undefined. Characters are code points. */
export function passwordProblem(password: unknown, { username, isCommon }: PasswordContext = {}): string | undefined {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD) return ownMessages.passwordTooShort(MIN_PASSWORD);
  const lowerCased = password.toLowerCase();
  if (typeof username === 'string' && lowerCased === username.toLowerCase()) return ownMessages.passwordIsUsername;
  if (isCommon?.(lowerCased)) return ownMessages.passwordCommon;
  return undefined;
}
