/**
 * The content-addressed file store: `${filesDir}/sha3/<first 2 hex>/<hash>`, one file per distinct
 * content, shared by every object holding those bytes; uploads are written first to
 * `${filesDir}/tmp/`. A file enters the store by rename (atomic) after an fsync, and the directory
 * is fsynced too, so once the database row naming the hash commits, its bytes are on disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SHA3_HEX } from '../../src/schemas/defineCategory';
import { IMAGE_SNIFF_BYTES, imageKind, type ImageKind } from '../../src/schemas/imageKind';

export class FileStore {
  readonly tmpDir: string;
  readonly hashDir: string;

  constructor(readonly root: string) {
    this.tmpDir = join(root, 'tmp');
    this.hashDir = join(root, 'sha3');
  }

  async ensureDirs(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(this.hashDir, { recursive: true });
  }

  /** Where the bytes of `hash` live; only ever called with a checked hash, so no path escapes the store. */
  pathOf(hash: string): string {
    if (!SHA3_HEX.test(hash)) throw new Error(`not a SHA3-256: ${hash}`);
    return join(this.hashDir, hash.slice(0, 2), hash);
  }

  /** A fresh temporary file name for one upload. */
  tempPath(): string {
    return join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
  }

  async has(hash: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(hash))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  /**
   * Moves a complete, fsynced temporary file into the store under `hash`; when the store already
   * holds those bytes the temporary file is dropped instead. Answers whether it added the file.
   */
  async adopt(tempPath: string, hash: string): Promise<boolean> {
    const target = this.pathOf(hash);
    if (await this.has(hash)) {
      await rm(tempPath, { force: true });
      return false;
    }
    await mkdir(dirname(target), { recursive: true });
    await fsyncDir(this.hashDir);
    await rename(tempPath, target);
    await fsyncDir(dirname(target));
    return true;
  }

  async remove(hash: string): Promise<void> {
    try {
      await unlink(this.pathOf(hash));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return;
    }
    await fsyncDir(dirname(this.pathOf(hash)));
  }
}

/** The first `count` bytes of a file (fewer when it is shorter). */
async function readHead(path: string, count: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Which image a file is by its first bytes (never by its name), or undefined. */
export const imageKindOf = async (path: string): Promise<ImageKind | undefined> => imageKind(await readHead(path, IMAGE_SNIFF_BYTES));

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a written file's bytes durable. */
export const fsyncFile = fsyncPath;

/** Makes a rename or unlink in `dir` durable (a crash after this keeps it). */
export const fsyncDir = fsyncPath;
