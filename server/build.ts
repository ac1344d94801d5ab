/**
 * `npm start` builds the console itself when dist/ is missing or older than its sources, so a
 * fresh checkout needs one command. Staleness is judged by modification times, like make.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ownMessages } from '../src/messages';

/** What the console bundle is built from (tests next to components do not go into it). */
export const CONSOLE_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

const isTestFile = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time under the given files and folders (0 when none exists). */
export function newestMtime(paths: string[]): { mtimeMs: number; file?: string } {
  let newest: { mtimeMs: number; file?: string } = { mtimeMs: 0 };
  const visit = (path: string) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(path)) if (!isTestFile(entry)) visit(join(path, entry));
    } else if (st.mtimeMs > newest.mtimeMs) {
      newest = { mtimeMs: st.mtimeMs, file: path };
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Why the console must be (re)built, or undefined when dist/ is up to date or cannot be rebuilt. */
export function consoleBuildReason(root: string, distDir: string): string | undefined {
  const index = join(resolve(root, distDir), 'index.html');
  const canBuild = existsSync(join(root, 'index.html')) && existsSync(join(root, 'src'));
  if (!existsSync(index)) return canBuild ? `${distDir}/index.html is missing` : undefined;
  if (!canBuild) return undefined; // a deployment that ships dist/ without sources
  const newest = newestMtime(CONSOLE_SOURCES.map((p) => join(root, p)));
  if (newest.mtimeMs > statSync(index).mtimeMs) return `${newest.file?.slice(root.length + 1)} changed`;
  return undefined;
}

/**
 * Runs vite build (its config file decides everything but the output folder) in a process of its
 * own: in the server's, the bundler's memory stayed with the server (1.2 GB resident after a
 * first start, against 170 MB without the build).
 */
export async function buildConsole(root: string, distDir: string): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const args = [vite, 'build', '--logLevel', 'warn', '--outDir', resolve(root, distDir), '--emptyOutDir'];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(ownMessages.consoleBuildExited(code));
}
