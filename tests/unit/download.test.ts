/** @vitest-environment jsdom */
// These tests use the browser's document and window; the other .ts unit tests run without a DOM (faster).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, downloadLargeFile, fetchFile, filenameFromContentDisposition } from '../../src/dataProvider/download';
import { installFetch, jsonResponse } from './fetchMock';
import { CSRF_VALUE } from '../../src/csrf';

afterEach(() => vi.unstubAllGlobals());

describe('filenameFromContentDisposition', () => {
  it('reads quoted, plain and RFC 5987 names', () => {
    expect(filenameFromContentDisposition('attachment; filename="fw 1.bin"')).toBe('fw 1.bin');
    expect(filenameFromContentDisposition('attachment; filename=devices.csv')).toBe('devices.csv');
    expect(filenameFromContentDisposition(`attachment; filename="x.svg"; filename*=UTF-8''%C3%A9t%C3%A9.svg`)).toBe('été.svg');
    expect(filenameFromContentDisposition('attachment; filename="a\\"b.txt"')).toBe('a"b.txt');
  });

  it('answers undefined without a name', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
  });
});

describe('fetchFile', () => {
  it('adds a random cache-busting r parameter and keeps the query', async () => {
    const calls = installFetch(() => new Response('x'));
    await fetchFile('/download/detailed_label/3', { query: { translate_x_in: 0, translate_y_in: 1 } });
    await fetchFile('/download/detailed_label/3');
    const [a, b] = calls.map((c) => c.url.searchParams);
    expect(a.get('translate_x_in')).toBe('0');
    expect(a.get('translate_y_in')).toBe('1');
    expect(a.get('r')).toMatch(/^[0-9a-z]+$/);
    expect(a.get('r')).not.toBe(b.get('r'));
    expect(calls[0].headers.get('X-Requested-With')).toBe(CSRF_VALUE);
  });

  it('names the file from content-disposition, firmware.bin by default', async () => {
    installFetch(() => new Response('abc', { headers: { 'content-disposition': 'attachment; filename="cert.pem"' } }));
    expect((await fetchFile('/download/certificate/1')).filename).toBe('cert.pem');
    installFetch(() => new Response('abc'));
    const file = await fetchFile('/download/firmware/1');
    expect(file.filename).toBe('firmware.bin');
    expect(await file.blob.text()).toBe('abc');
  });

  it('posts a JSON body (custom label)', async () => {
    const calls = installFetch(() => new Response('<svg/>'));
    await fetchFile('/download/custom_label/1', { method: 'POST', body: { template_str: '<svg/>' } });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toEqual({ template_str: '<svg/>' });
  });
});

describe('downloadFile', () => {
  it('hands the file to the browser under its name', async () => {
    installFetch(() => new Response('abc', { headers: { 'content-disposition': 'attachment; filename=devices.csv' } }));
    // jsdom has no object URLs: lend URL the two functions for this test only.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('devices.csv');
      expect(this.href).toBe('blob:x');
    });
    await downloadFile('/download/csv_export/device');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  });
});

describe('downloadLargeFile', () => {
  /** The addresses the browser was sent to save (anchor clicks). */
  const clickedLinks = () => {
    const hrefs: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      hrefs.push(this.href);
    });
    return hrefs;
  };
  afterEach(() => vi.restoreAllMocks());

  it('reads one byte through the helper, then lets the browser stream the same cache-busted address to disk', async () => {
    const hrefs = clickedLinks();
    const calls = installFetch(() => new Response('x', { status: 206 }));
    await downloadLargeFile('/download/firmware/7');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Range')).toBe('bytes=0-0');
    expect(hrefs).toHaveLength(1);
    const saved = new URL(hrefs[0]);
    expect(saved.pathname).toBe('/api/download/firmware/7');
    expect(saved.searchParams.get('r')).toBe(calls[0].url.searchParams.get('r'));
  });

  it("a refusal throws the server's Description and saves nothing", async () => {
    const hrefs = clickedLinks();
    installFetch(() => jsonResponse({ Description: 'Not found.' }, 404));
    await expect(downloadLargeFile('/download/firmware/8')).rejects.toMatchObject({ message: 'Not found.', status: 404 });
    expect(hrefs).toEqual([]);
  });

  it('an empty file (no first byte: 416) is still saved', async () => {
    const hrefs = clickedLinks();
    installFetch(() => new Response(null, { status: 416 }));
    await downloadLargeFile('/download/firmware/9');
    expect(hrefs).toHaveLength(1);
  });
});
