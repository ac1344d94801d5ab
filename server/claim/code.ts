/**
 * Claim codes: typed by a person from a paper or a message, so they are Crockford base32 in
 * groups of four, and read back forgivingly (case, spaces, dashes, I/L for 1, O for 0). Only a
 * SHA-256 of the normalised code is stored: whoever reads the database cannot claim the device.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 bytes: 80 random bits, 16 characters of 5 bits. */
const CODE_BYTES = 10;
const GROUP = 4;
/** Longer input cannot be a code; it is cut so that a huge one costs no more than a real one. */
const MAX_INPUT = 200;

export function newClaimCode(): string {
  const bytes = randomBytes(CODE_BYTES);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return out.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

export function normaliseClaimCode(given: string): string {
  return given
    .slice(0, MAX_INPUT)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** What the device row keeps in its secret claim_code field. */
export const hashClaimCode = (code: string) => createHash('sha256').update(normaliseClaimCode(code)).digest('hex');

/** Whether `given` is the code of `stored` (a hash, or null for none); the same work either way. */
export function claimCodeMatches(given: string, stored: unknown): boolean {
  const actual = Buffer.from(hashClaimCode(given), 'utf8');
  const held = typeof stored === 'string' && stored.length === actual.length;
  const same = timingSafeEqual(held ? Buffer.from(stored, 'utf8') : Buffer.alloc(actual.length), actual);
  return held && same;
}
