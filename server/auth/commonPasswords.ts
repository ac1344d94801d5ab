/**
 * The list of common passwords refused by the password rules (src/schemas/passwordRules.ts):
 * the 10,000 most common of @zxcvbn-ts/language-common's list, and its rarer ones of 12 or more
 * characters (commonPasswords.json says where it comes from; MIT, commonPasswords.LICENSE.txt).
 * A JSON module, so that it travels inside npm start's server bundle as it does with the sources.
 */
import list from './commonPasswords.json' with { type: 'json' };

let lowerCased: Set<string> | undefined;

/** Whether a password is on the list, ignoring case (the list is read into a set on first use). */
export function isCommonPassword(password: string): boolean {
  lowerCased ??= new Set(list.passwords.map((p) => p.toLowerCase()));
  return lowerCased.has(password.toLowerCase());
}
