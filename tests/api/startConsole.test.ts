/**
 * The built console: files, history routing with the vendor suffix, 404s, 503 without a build; every
 * GET outside /api answers the page whatever its request target, and the page's startup preloads
 * of an odd URL never break it nor put markup in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminWithTeam, createTestApp, type TestApp } from './helpers';
import { renderIndex } from '../../server/routes/console';
import { ownMessages } from '../../src/messages';
import { connect, type AddressInfo } from 'node:net';
import { CSRF_HEADER } from '../../src/csrf';

const INDEX = `<!doctype html>
<html lang="en"><head>
<meta charset="UTF-8" />
<meta name="pucs-vendor-suffix" content="" />
<title>PUCS</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/pages-abc123.js">
<link rel="stylesheet" crossorigin href="/assets/pages-abc123.css">
</head><body><div id="root"></div></body></html>`;

describe('console routes with a build', () => {
  let t: TestApp;
  let dist: string;
  let cookie: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pucs-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ PUCS_DIST_DIR: dist, PUCS_VENDOR_SUFFIX: ' <Acme & Co>' });
    ({ cookie } = await adminWithTeam(t, 'viewer'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/login', '/devices', '/qr?id=1', '/qr_code_page_login/?id=3', '/device_view?id=5', '/nonsense/deep/path'])(
    'GET %s answers index.html with the vendor suffix',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      // The pages the server draws for who asks (drawnPages.test.ts) are stored by no cache.
      expect(res.headers['cache-control']).toBe(url === '/login' || url.startsWith('/qr?') ? 'no-store' : 'no-cache');
      expect(res.body).toContain('<meta name="pucs-vendor-suffix" content=" &lt;Acme &amp; Co&gt;" />');
      expect(res.body).toContain('<title>PUCS &lt;Acme &amp; Co&gt;</title>');
    },
  );

  it('announces the read the first script sends as a preload: the profile everywhere (the QR page comes with its QR info)', async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) => m[1]);
    for (const url of ['/devices', '/QR/?id=a%2Fb%20c&x=1', '/qr', '/qr?id=%22%3E%3Cscript%3E']) {
      expect(preloads((await t.app.inject(url)).body), url).toEqual(['/api/current_user']);
    }
    // The page's scripts and styles in a Link header, so that the browser fetches them before parsing the page;
    // the reads only in the page: announced in both, Chromium sent the profile twice, and the unused answer
    // (signed out) was what the read after signing in got.
    const qrPage = await t.app.inject('/qr?id=a%2Fb%3C%3E%2C');
    expect(String(qrPage.headers.link).split(', ')).toEqual([
      '</assets/index-abc123.js>; rel=modulepreload',
      '</assets/pages-abc123.js>; rel=modulepreload',
      '</assets/pages-abc123.css>; rel=preload; as=style; crossorigin=anonymous',
    ]);
    // The preload's answer is the one the script would get: no CSRF header needed on a GET.
    const qr = await t.app.inject({ url: '/api/current_user', headers: { cookie } });
    expect(qr.statusCode).toBe(200);
  });

  it('serves hashed assets with a long immutable cache, other files revalidated', async () => {
    const asset = await t.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's brotli copy of an asset to a browser that accepts it, the file itself to others", async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload).toEqual(brotliCompressSync('console.log(1)'));
    const plain = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1)']);
  });

  it('answers unknown /api paths and non-GET methods with 404 { Description } (signed in; signed out is 401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/devices'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { ...CSRF_HEADER, cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ Description: ownMessages.notFound });
    }
  });

  it('does not serve files outside dist or a missing asset as the page', async () => {
    expect((await t.app.inject('/assets/missing.js')).headers['content-type']).toMatch(/^text\/html/);
    const escape = await t.app.inject('/..%2f..%2fetc/passwd');
    expect(escape.body).not.toContain('root:');
  });

  it('sends security headers, with a CSP the console can live with', async () => {
    for (const url of ['/devices', '/assets/index-abc123.js', '/api/nope', '/api/current_user']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe('console routes without a build', () => {
  it('answers pages with a clear 503 and keeps the API working', async () => {
    const t = await createTestApp({ PUCS_DIST_DIR: '/nonexistent-dist' });
    try {
      const page = await t.app.inject('/devices');
      expect(page.statusCode).toBe(503);
      expect(page.body).toBe(ownMessages.consoleNotBuilt);
      expect((await t.app.inject('/')).statusCode).toBe(503);
      const { cookie } = await adminWithTeam(t, 'viewer');
      const api = await t.app.inject({ url: '/api/nope', headers: { cookie } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ Description: ownMessages.notFound });
      expect((await t.app.inject('/api/current_user')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('renderIndex', () => {
  it('fills the suffix literally, whatever it contains', () => {
    const html = renderIndex(INDEX, " $& $1 '\"");
    expect(html).toContain('content=" $&amp; $1 &#39;&quot;"');
    expect(html).toContain('<title>PUCS $&amp; $1 &#39;&quot;</title>');
  });

  it('finds the meta tag whatever the attribute order', () => {
    const html = renderIndex('<meta content="" name="pucs-vendor-suffix"><title>x</title>', '-X');
    expect(html).toBe('<meta content="-X" name="pucs-vendor-suffix"><title>PUCS-X</title>');
  });
});

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

// A target that URL resolution reads as a host (a doubled slash, then a bad port or bracket), sent raw as no
// client would normalise it: the startup preloads are read from it, and must not throw.
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

describe('the startup preloads', () => {
  it('of a page URL that is not one, or a huge QR id, never break the page or put markup in it', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'pucs-preload-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>PUCS</title></head><body></body></html>');
    const web = await createTestApp({ PUCS_DIST_DIR: dist });
    try {
      const hrefs = (body: string) => [...body.matchAll(/<link rel="preload"[^>]*href="([^"]*)">/g)].map((m) => m[1]);
      for (const url of ['//[', '//evil.example/qr?id=1', '/qr?id=%E0%A4%A', "/qr?id=\"><img src=x onerror=alert(1)>'&id=2"]) {
        const res = await web.app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toMatch(/<img|onerror=alert/);
        expect(hrefs(res.body)[0], url).toBe('/api/current_user');
      }
      const id = `${'<b>'.repeat(3000)}"`;
      const res = await web.app.inject(`/qr?id=${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(200);
      expect(hrefs(res.body)).toEqual(['/api/current_user']);
      expect(res.body).not.toContain('<b>');
    } finally {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
