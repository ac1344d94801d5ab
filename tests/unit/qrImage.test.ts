/** The device QR image: the /qr link of the public origin, drawn as an SVG data: URL. */
import { describe, expect, it } from 'vitest';
import { qrImageUrl, qrLink } from '../../src/custom/qrImage';

describe('qrLink', () => {
  it('joins the public origin and the QR id, whether the origin ends with a slash or not', () => {
    expect(qrLink('https://pucs.example', 'a-b_c')).toBe('https://pucs.example/qr?id=a-b_c');
    expect(qrLink('https://pucs.example/', 'a-b_c')).toBe('https://pucs.example/qr?id=a-b_c');
  });
});

describe('qrImageUrl', () => {
  it('is an SVG document in a data: URL, different for different links', async () => {
    const one = await qrImageUrl('https://pucs.example/qr?id=one');
    expect(one).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(one.split(',')[1])).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
    expect(await qrImageUrl('https://pucs.example/qr?id=two')).not.toBe(one);
  });
});
