import { ownMessages } from '../messages';
import { HttpError } from '../dataProvider/http';

/** The message for a failed sign-in: the server's Description, else ours for the status. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.description) return error.description;
    if (error.status === 401) return ownMessages.wrongCredentials;
    if (error.status === 429) return ownMessages.tooManyAttempts;
  }
  return error instanceof Error ? error.message : String(error);
}
