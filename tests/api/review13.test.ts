/**
 * Review 13 (F1): every GET outside /api answers the console page (history routing,
 * server/routes/console.ts), whatever its request target. The page's startup preloads are read
 * from the target; a target that URL resolution reads as a host (a doubled slash, then a bad port
 * or bracket) made that throw, and the page answered 500. Sent raw, as no client would normalise it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers';

/** The status code and body of a raw GET of `target`. */
function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
    socket.on('error', reject);
  });
}

describe('a request target that is not a plain path', () => {
  let t: TestApp;
  let dist: string;
  let port: number;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pucs-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>PUCS</title></head><body></body></html>');
    t = await createTestApp({ PUCS_DIST_DIR: dist });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['//x:99999/', '//[', '//x:99999/qr?id=1'])('GET %s answers the console page, not 500', async (target) => {
    const { status, body } = await rawGet(port, target);
    expect(status).toBe(200);
    expect(body).toContain('<title>PUCS</title>');
  });
});
