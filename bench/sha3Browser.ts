/**
 * SHA3-256 throughput in Chromium, with the console's own hashing worker (src/resources/firmware/sha3Worker.ts,
 * bundled by Vite) and each library forced in turn, on the same 256 MiB as Node's node:crypto: the issue's
 * goal is at least half of Node's throughput. The data is made in the page (a Blob in memory) and, for the
 * library the console uses, also read from a file chosen in an <input type=file>, as a user's firmware is.
 * Prints the figures; asserts nothing, but stops when a digest differs from Node's (the figures would mean
 * nothing). Needs Chromium (PW_CHROMIUM_PATH).
 */
import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import type { Sha3Engine } from '../src/resources/firmware/sha3';

const MIB = 1024 * 1024;
const SIZE_MIB = Number(process.env.BENCH_SHA3_MIB || 256);
const SIZE = SIZE_MIB * MIB;
/** The test data is made, and given to Node, in pieces of this size. */
const CHUNK_SIZE = 4 * MIB;
const ROUNDS = Number(process.env.BENCH_SHA3_ROUNDS || 3);
const RUNS: { label: string; engine: Sha3Engine; source: 'blob' | 'file' }[] = [
  { label: 'js-sha3, Blob in memory', engine: 'js-sha3', source: 'blob' },
  { label: 'hash-wasm, Blob in memory', engine: 'hash-wasm', source: 'blob' },
  { label: 'hash-wasm, chosen file', engine: 'hash-wasm', source: 'file' },
];

/** Deterministic bytes (xorshift32 per chunk), made by the page and by Node from this one source text. */
const FILL = `let x = seed | 1;
for (let i = 0; i < words.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; words[i] = x; }`;

const PAGE = `<!doctype html><meta charset="utf-8"><input type="file" id="file"><script>
const fill = new Function('words', 'seed', ${JSON.stringify(FILL)});
window.makeBlob = (size, chunk) => {
  const parts = [];
  for (let offset = 0, seed = 1; offset < size; offset += chunk, seed++) {
    const words = new Uint32Array(Math.min(chunk, size - offset) / 4);
    fill(words, seed);
    parts.push(words);
  }
  window.blob = new Blob(parts);
  return window.blob.size;
};
window.hashIn = (engine, source) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const worker = new Worker('/sha3Worker.js', { type: 'module' });
  worker.onerror = (e) => reject(new Error('worker failed: ' + e.message));
  worker.onmessage = ({ data }) => {
    if (data.type === 'progress') return;
    worker.terminate();
    if (data.type === 'done') resolve({ hex: data.hex, engine: data.engine, ms: performance.now() - t0 });
    else reject(new Error(data.reason));
  };
  worker.postMessage({ file: source === 'file' ? document.getElementById('file').files[0] : window.blob, engine });
});
</script>`;

async function buildWorker(outDir: string): Promise<Buffer> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: resolve('src/resources/firmware/sha3Worker.ts'), formats: ['es'], fileName: () => 'sha3Worker.js' },
    },
  });
  return readFileSync(join(outDir, 'sha3Worker.js'));
}

function nodeData(): Uint8Array[] {
  const fill = new Function('words', 'seed', FILL) as (words: Uint32Array, seed: number) => void;
  const chunks: Uint8Array[] = [];
  for (let offset = 0, seed = 1; offset < SIZE; offset += CHUNK_SIZE, seed++) {
    const words = new Uint32Array(Math.min(CHUNK_SIZE, SIZE - offset) / 4);
    fill(words, seed);
    chunks.push(new Uint8Array(words.buffer));
  }
  return chunks;
}

function nodeSha3(chunks: Uint8Array[]): { hex: string; ms: number } {
  const t0 = performance.now();
  const hash = createHash('sha3-256');
  for (const chunk of chunks) hash.update(chunk);
  const hex = hash.digest('hex');
  return { hex, ms: performance.now() - t0 };
}

const mbps = (ms: number) => SIZE / 1e6 / (ms / 1000);

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), 'pucs-sha3-bench-'));
  const worker = await buildWorker(outDir);
  const chunks = nodeData();
  const dataFile = join(outDir, 'firmware.bin');
  writeFileSync(dataFile, Buffer.concat(chunks));
  const server = createServer((req, res) => {
    if (req.url === '/sha3Worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };

  const browser = await chromium.launch({
    executablePath: process.env.PW_CHROMIUM_PATH || '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(([size, chunk]) => (window as unknown as { makeBlob(s: number, c: number): number }).makeBlob(size, chunk), [SIZE, CHUNK_SIZE]);
    await page.setInputFiles('#file', dataFile);
    // Best of ROUNDS, interleaved: the machine is shared, and the least disturbed run is the library's own speed.
    const best: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const node = nodeSha3(chunks);
      best.node = Math.min(best.node ?? Infinity, node.ms);
      for (const { label, engine, source } of RUNS) {
        const run = await page.evaluate(
          ([e, s]) => (window as unknown as { hashIn(e: string, s: string): Promise<{ hex: string; engine: string; ms: number }> }).hashIn(e, s),
          [engine, source],
        );
        if (run.hex !== node.hex || run.engine !== engine) throw new Error(`${label} in Chromium gave ${run.hex} (${run.engine}), node:crypto ${node.hex}`);
        best[label] = Math.min(best[label] ?? Infinity, run.ms);
      }
    }
    console.log(`SHA3-256 of ${SIZE_MIB} MiB, best of ${ROUNDS} (Chromium ${browser.version()}, MB = 10^6 bytes)`);
    console.log(`${'node:crypto sha3-256'.padEnd(44)} ${mbps(best.node).toFixed(0).padStart(7)} MB/s`);
    for (const { label } of RUNS) {
      const ratio = (100 * best.node) / best[label];
      console.log(`${`Chromium worker, ${label}`.padEnd(44)} ${mbps(best[label]).toFixed(0).padStart(7)} MB/s  ${ratio.toFixed(0).padStart(3)}% of Node`);
    }
    const [jsSha3, hashWasm] = RUNS.map((r) => best[r.label]);
    console.log(`${'hash-wasm / js-sha3 (Blob in memory)'.padEnd(44)} ${(jsSha3 / hashWasm).toFixed(1).padStart(7)} x`);
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
