/**
 * Secrets kept in PUCS_DATA_DIR, made once by whichever server (or test) gets there first: each is
 * written whole under a temporary name and then put in place by an operation that fails when the
 * target exists (link, or rename onto a non-empty folder), so racing starts all end up using the
 * one that won, and no reader ever sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const alreadyThere = (err: unknown) => ['EEXIST', 'ENOTEMPTY'].includes((err as NodeJS.ErrnoException).code ?? '');
const tempName = (name: string) => `.${name}-${randomBytes(6).toString('hex')}.tmp`;

/** The text of dir/name, created (mode 0600) from make() when missing. */
export async function fileOnce(dir: string, name: string, make: () => string): Promise<string> {
  const path = join(dir, name);
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dir, { recursive: true });
  const temp = join(dir, tempName(name));
  await writeFile(temp, make(), { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, path);
  } catch (err) {
    if (!alreadyThere(err)) throw err;
  } finally {
    await unlink(temp);
  }
  return readFile(path, 'utf8');
}

/** The files `names` of folder dir/name, created with make() (each file mode 0600) when the folder is missing. */
export async function folderOnce<N extends string>(
  dir: string,
  name: string,
  names: readonly N[],
  make: () => Promise<Record<N, string>>,
): Promise<Record<N, string>> {
  const path = join(dir, name);
  const read = async () =>
    Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(join(path, n), 'utf8')]))) as Record<N, string>;
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const files = await make();
  await mkdir(dir, { recursive: true });
  const temp = join(dir, tempName(name));
  await mkdir(temp, { mode: 0o700 });
  try {
    for (const n of names) await writeFile(join(temp, n), files[n], { mode: 0o600, flag: 'wx' });
    await rename(temp, path);
  } catch (err) {
    if (!alreadyThere(err)) throw err;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return read();
}
