/**
 * PGlite holds its data directory exclusively: a second process opening it would corrupt it.
 * The process that opens the embedded database writes <dataDir>/pucs.pid; others refuse while
 * that pid is alive, and take over a file left behind by a process that died.
 * Two starts at once after a crash must not both hold it: the file appears whole (written under a
 * name of its own, then linked into place, which fails if one is there), never empty for a moment
 * that would look stale; and a stale file is taken away only if it still is the one judged stale
 * (moved aside, its inode compared; a fresh lock moved by mistake is put back), never a lock
 * another process has taken meanwhile.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, file);
        return { release: () => releaseIfOurs(file) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = inodeOf(file);
      if (seen === undefined) continue;
      const holder = lockHolder(dataDir);
      if (holder !== undefined) return { heldBy: holder };
      takeAwayStale(file, seen);
    }
    return { heldBy: lockHolder(dataDir) ?? -1 };
  } finally {
    unlinkSync(mine);
  }
}

const inodeOf = (file: string): number | undefined => {
  try {
    return statSync(file).ino;
  } catch {
    return undefined;
  }
};

/**
 * Removes the lock file judged stale (inode `judged`) unless another process replaced it since:
 * moved aside first (one mover wins), then compared; a fresh one moved by mistake is linked back.
 */
export function takeAwayStale(file: string, judged: number): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // already taken away by a racing process
  }
  if (inodeOf(aside) !== judged) {
    try {
      linkSync(aside, file);
    } catch {
      /* a third process holds it now: it stays theirs */
    }
  }
  unlinkSync(aside);
}

function releaseIfOurs(file: string) {
  try {
    if (Number(readFileSync(file, 'utf8').trim()) === process.pid) unlinkSync(file);
  } catch {
    /* already gone */
  }
}
