/**
 * PGlite holds its data directory exclusively: a second process opening it would corrupt it.
 * The process that opens the embedded database writes <dataDir>/pucs.pid; others refuse while
 * that pid is alive, and take over a file left behind by a process that died.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const lockFilePath = (dataDir: string) => join(resolve(dataDir), 'pucs.pid');

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a reboot the pid may belong to an unrelated program; where /proc exists, only a Node
  // process counts (the server and the CLI both run under node).
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * The pid of another live process holding the lock, or undefined. Our own pid does not count:
 * in a container the server is pid 1 on every start, so a file left by the previous run names us.
 */
export function lockHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFilePath(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  return pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
}

export type LockResult = { release(): void } | { heldBy: number };

export function acquireLock(dataDir: string): LockResult {
  const file = lockFilePath(dataDir);
  mkdirSync(resolve(dataDir), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return { release: () => releaseIfOurs(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder !== undefined) return { heldBy: holder };
      // Stale file: remove it and try once more (a racing process may win; then it holds the lock).
      try {
        unlinkSync(file);
      } catch {
        /* already removed by a racing process */
      }
    }
  }
  return { heldBy: lockHolder(dataDir) ?? -1 };
}

function releaseIfOurs(file: string) {
  try {
    if (Number(readFileSync(file, 'utf8').trim()) === process.pid) unlinkSync(file);
  } catch {
    /* already gone */
  }
}
