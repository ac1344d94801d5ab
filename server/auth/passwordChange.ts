/**
 * A password set through PUT/POST /api/user: it meets the rules (src/schemas/passwordRules.ts, with
 * the server's list of common passwords), and a user changing their own gives the current one too,
 * so that a session left open or stolen cannot take the account over. Wrong current passwords are
 * counted per user against a limit like sign-in's guesses (server/auth/rateLimit.ts): counted as
 * they arrive, in a store outside the write's transaction, so that the refused change, rolled
 * back, still counts; a right one takes its event back. A limited user is refused the right
 * password too, with the same wait: the answer must not tell whether a guess was right.
 */
import type { Database } from '../db/database';
import { ownMessages } from '../../src/messages';
import { passwordProblem } from '../../src/schemas/passwordRules';
import { ApiError, badRequest, forbidden } from '../http/errors';
import { isCommonPassword } from './commonPasswords';
import { limitStore } from './limitStore';
import { Limiter } from './rateLimit';
import { hashPassword, verifyPassword } from './password';

/** Wrong current passwords allowed per user in the window (as sign-in allows per account). */
export const CURRENT_PASSWORD_GUESSES = 10;
export const CURRENT_PASSWORD_WINDOW_MS = 15 * 60_000;

const limiters = new WeakMap<Database, Limiter>();

function guessesOn(db: Database): Limiter {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = new Limiter({ max: CURRENT_PASSWORD_GUESSES, windowMs: CURRENT_PASSWORD_WINDOW_MS }, limitStore(db, 'current_password'));
    limiters.set(db, limiter);
  }
  return limiter;
}

/** A 400 naming the rule a new password breaks (`username`: the account's, as it will be stored). */
export function checkNewPassword(password: unknown, username: unknown): void {
  const problem = passwordProblem(password, { username, isCommon: isCommonPassword });
  if (problem) throw badRequest(problem);
}

/**
 * The current password a user changing their own must send: missing 400, wrong 403, too many
 * wrong ones 429 with Retry-After. `db` is the database outside the write's transaction.
 */
export async function checkCurrentPassword(db: Database, userId: number, storedHash: unknown, sent: unknown): Promise<void> {
  if (typeof sent !== 'string' || sent === '') throw badRequest(ownMessages.currentPasswordMissing);
  const limiter = guessesOn(db);
  const taken = await limiter.take(`user:${userId}`);
  if (taken.wait > 0) {
    await limiter.takeBack(taken);
    throw new ApiError(429, ownMessages.passwordChangeTooMany, { 'Retry-After': String(taken.wait) });
  }
  if (!(await verifyPassword(sent, typeof storedHash === 'string' ? storedHash : null))) throw forbidden(ownMessages.currentPasswordWrong);
  await limiter.takeBack(taken);
}

/** Who changes their own password: the current one is checked against `storedHash`, counted on `db`. */
export interface OwnChange {
  db: Database;
  userId: number;
  storedHash: unknown;
}

/**
 * Replaces the password of a create or update body by its hash once it meets the rules and, when
 * `own`, the current password sent with it (`current_password`, dropped here) is right.
 */
export async function takeNewPassword(input: Record<string, unknown>, username: unknown, own?: OwnChange): Promise<void> {
  const { password, current_password: current } = input;
  delete input.password;
  delete input.current_password;
  checkNewPassword(password, username);
  if (own) await checkCurrentPassword(own.db, own.userId, own.storedHash, current);
  input.password_hash = await hashPassword(password as string);
}
