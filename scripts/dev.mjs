#!/usr/bin/env node
/**
 * `npm run dev`: the PUCS server (tsx watch, port 8080 unless PORT is set) and the Vite dev server
 * (port 5173, proxying /api to the PUCS server) together. Ctrl-C stops both; if one exits, so
 * does the other, so a crash is never hidden behind a still-running half.
 */
import { spawn } from 'node:child_process';

const port = process.env.PORT || '8080';
const env = { ...process.env, PORT: port, PUCS_API: process.env.PUCS_API || `http://localhost:${port}` };

const children = [
  // Vite serves the console in dev: the server need not build dist/ on every restart.
  spawn('npx', ['tsx', 'watch', 'server/start.ts'], { stdio: 'inherit', env: { ...env, PUCS_SKIP_BUILD: '1' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
