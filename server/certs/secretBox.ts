/**
 * Device private keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from a server secret,
 * PUCS_SESSION_SECRET when set, else a random one made once in PUCS_DATA_DIR (key-encryption.secret,
 * mode 0600). That secret is not in the database, so a copy of the database alone holds no usable key.
 * The device id is the additional data: a stored key moved to another device's row does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ownMessages } from '../../src/messages';
import { fileOnce } from './dataFiles';

export const SECRET_FILE = 'key-encryption.secret';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** What the file holds when we make it (32 random bytes, base64url) is 43 characters. */
const MIN_FILE_SECRET = 32;

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static async open(configuredSecret: string | undefined, dataDir: string): Promise<SecretBox> {
    const secret = configuredSecret ?? (await fileOnce(dataDir, SECRET_FILE, () => randomBytes(32).toString('base64url'))).trim();
    // An emptied or truncated file would seal every new key under a guessable key.
    if (configuredSecret === undefined && secret.length < MIN_FILE_SECRET) throw new Error(ownMessages.keySecretFileWeak);
    return new SecretBox(Buffer.from(hkdfSync('sha256', secret, 'pucs', 'device private keys, aes-256-gcm', 32)));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the text was sealed under another secret or context, or altered. */
  open(sealed: string, context: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('Unknown sealed key format.');
    const raw = Buffer.from(data, 'base64');
    // The full 16-byte tag only: Node accepts tags down to 4 bytes otherwise, which 2^32 tries forge.
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed key too short.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
