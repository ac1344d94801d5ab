/** The password rules (src/schemas/passwordRules.ts) and the server's list of common passwords. */
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { MIN_PASSWORD, passwordProblem } from '../../src/schemas/passwordRules';
import { user } from '../../src/schemas/user';
import { fieldProblem } from '../../src/schemas/compile';
import { isCommonPassword } from '../../server/auth/commonPasswords';
import list from '../../server/auth/commonPasswords.json' with { type: 'json' };

describe('passwordProblem', () => {
  it('asks for at least 12 characters, counted as characters (not UTF-16 units)', () => {
    expect(MIN_PASSWORD).toBe(12);
    expect(passwordProblem('eleven char')).toBe(ownMessages.passwordTooShort(12));
    expect(passwordProblem('twelve chars')).toBeUndefined();
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toBe(ownMessages.passwordTooShort(12));
    expect(passwordProblem(undefined)).toBe(ownMessages.passwordTooShort(12));
    expect(passwordProblem(123456789012)).toBe(ownMessages.passwordTooShort(12));
  });

  it('refuses the username, in any letter case', () => {
    expect(passwordProblem('Operator.One', { username: 'operator.one' })).toBe(ownMessages.passwordIsUsername);
    expect(passwordProblem('operator.one', { username: 'OPERATOR.ONE' })).toBe(ownMessages.passwordIsUsername);
    expect(passwordProblem('operator.one2', { username: 'operator.one' })).toBeUndefined();
  });

  it('refuses a common password, in any letter case, when given the list (the server)', () => {
    expect(passwordProblem('QWERTY123456', { isCommon: isCommonPassword })).toBe(ownMessages.passwordCommon);
    expect(passwordProblem('1qaz2wsx3edc', { isCommon: isCommonPassword })).toBe(ownMessages.passwordCommon);
    expect(passwordProblem('QWERTY123456')).toBeUndefined();
    expect(passwordProblem('correct horse battery', { isCommon: isCommonPassword })).toBeUndefined();
  });

  it('is the check of the user field the console runs (length; the server adds the rest)', () => {
    expect(fieldProblem(user.fields.password, 'short')).toBe(ownMessages.passwordTooShort(12));
    expect(fieldProblem(user.fields.password, 'long enough password')).toBeUndefined();
  });
});

describe('the list of common passwords', () => {
  it('holds the 10,000 most common passwords and says where they come from', () => {
    expect(list.passwords.length).toBeGreaterThanOrEqual(10_000);
    expect(list.passwords.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(list.source).toMatch(/@zxcvbn-ts\/language-common .*MIT/);
    expect(['123456', 'Password', 'DRAGON', 'qwertyuiop'].every(isCommonPassword)).toBe(true);
    expect(isCommonPassword('xk2-unlikely-pass')).toBe(false);
  });
});
