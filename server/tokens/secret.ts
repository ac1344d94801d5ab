/**
 * The text of an API token: `pucs_<id>_<secret>`, the secret 32 random bytes (256 bits) in
 * base64url. The table keeps the secret's SHA-256 only; the id finds the row, and the hashes are
 * compared in constant time, so neither a leaked table nor the answer's timing gives the secret.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { idFromText } from '../../src/schemas/kinds';

const TOKEN_TEXT = /^pucs_([0-9]{1,10})_([A-Za-z0-9_-]{43})$/;

export const newSecret = () => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const tokenText = (id: number, secret: string) => `pucs_${id}_${secret}`;

/** The id and secret a token's text holds, or undefined when it cannot be a token. */
export function parseToken(text: string): { id: number; secret: string } | undefined {
  const parts = TOKEN_TEXT.exec(text);
  const id = parts ? idFromText(parts[1]) : undefined;
  return parts && id !== undefined ? { id, secret: parts[2] } : undefined;
}

/** Whether `secret` is the one whose hash is `storedHash`, in a time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const sent = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return sent.length === stored.length && timingSafeEqual(sent, stored);
}
