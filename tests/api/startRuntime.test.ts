/** The pieces of `npm start` that need no database: stale-build detection and the pid lock. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBuildReason } from '../../server/build';
import { acquireLock, lockFilePath, lockHolder, takeAwayStale } from '../../server/runtime/pidLock';

const temp = mkdtempSync(join(tmpdir(), 'pucs-start-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const touch = (file: string, secondsAgo: number) => {
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, t, t);
};

describe('consoleBuildReason', () => {
  const root = join(temp, 'project');
  mkdirSync(join(root, 'src', 'custom'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<html></html>');
  writeFileSync(join(root, 'src', 'custom', 'Page.tsx'), 'export {}');
  writeFileSync(join(root, 'src', 'custom', 'Page.test.tsx'), 'export {}');

  it('builds when dist/index.html is missing', () => {
    expect(consoleBuildReason(root, 'dist')).toBe('dist/index.html is missing');
  });

  it('builds when a source is newer than the build, and not otherwise; tests do not count', () => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), '<html></html>');
    touch(join(root, 'index.html'), 100);
    touch(join(root, 'src', 'custom', 'Page.tsx'), 100);
    touch(join(root, 'src', 'custom', 'Page.test.tsx'), 0);
    touch(join(root, 'dist', 'index.html'), 50);
    expect(consoleBuildReason(root, 'dist')).toBeUndefined();
    touch(join(root, 'src', 'custom', 'Page.tsx'), 10);
    expect(consoleBuildReason(root, 'dist')).toBe(join('src', 'custom', 'Page.tsx') + ' changed');
  });

  it('serves a shipped build as is when there are no sources', () => {
    const shipped = join(temp, 'shipped');
    mkdirSync(join(shipped, 'dist'), { recursive: true });
    writeFileSync(join(shipped, 'dist', 'index.html'), '<html></html>');
    expect(consoleBuildReason(shipped, 'dist')).toBeUndefined();
  });
});

describe('pid lock of the embedded database', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill();
  });

  /** A live Node process other than us, as a running server would be. */
  const liveNode = () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(child);
    return child.pid as number;
  };

  it('is taken, refused to others while held, and released', () => {
    const dir = join(temp, 'data1');
    const lock = acquireLock(dir);
    if (!('release' in lock)) throw new Error('expected the lock');
    expect(readFileSync(lockFilePath(dir), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFilePath(dir))).toBe(false);

    const pid = liveNode();
    writeFileSync(lockFilePath(dir), `${pid}\n`);
    expect(lockHolder(dir)).toBe(pid);
    expect(acquireLock(dir)).toEqual({ heldBy: pid });
  });

  it('takes over the file of a dead process', async () => {
    const dir = join(temp, 'data2');
    mkdirSync(dir);
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => child.on('exit', r));
    writeFileSync(lockFilePath(dir), `${child.pid}\n`);
    expect(lockHolder(dir)).toBeUndefined();
    const lock = acquireLock(dir);
    expect('release' in lock).toBe(true);
    expect(readFileSync(lockFilePath(dir), 'utf8').trim()).toBe(String(process.pid));
  });

  it('a stale file judged by two starts at once: the slower one never takes away the lock the faster one took', async () => {
    const dir = join(temp, 'data4');
    mkdirSync(dir);
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => child.on('exit', r));
    writeFileSync(lockFilePath(dir), `${child.pid}\n`);
    // Both see the dead process's file; the slower one noted it (its inode) and is about to take it away.
    const judged = statSync(lockFilePath(dir)).ino;
    const faster = acquireLock(dir);
    expect('release' in faster).toBe(true);
    takeAwayStale(lockFilePath(dir), judged);
    expect(readFileSync(lockFilePath(dir), 'utf8').trim()).toBe(String(process.pid));
    // Nothing left beside it: the file moved aside and this start's own are gone.
    expect(readdirSync(dir)).toEqual(['pucs.pid']);
  });

  it('does not remove a lock another process took meanwhile', () => {
    const dir = join(temp, 'data3');
    const lock = acquireLock(dir);
    if (!('release' in lock)) throw new Error('expected the lock');
    writeFileSync(lockFilePath(dir), '999999\n');
    lock.release();
    expect(readFileSync(lockFilePath(dir), 'utf8').trim()).toBe('999999');
  });
});
