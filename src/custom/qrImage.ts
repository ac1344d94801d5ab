/**
 * The image of a device's QR code: the `qrcode` package draws the /qr link as SVG, which the
 * console shows through a data: URL in an <img> (never as inline markup, so nothing in it can run).
 * The package is a chunk of its own, loaded when a QR image is first drawn: the pages that show
 * none (a table) do not download and run it before their first row.
 */
import { withChunkTimeout } from '../chunkTimeout';
import { qrPageHref } from './qrPaths';
import { svgDataUrl } from './svgDataUrl';

/** 'https://pucs.example/qr?id=abc' from the public origin the server gives and the QR id. */
export const qrLink = (origin: string, qrId: string) => `${origin.replace(/\/+$/, '')}${qrPageHref(qrId)}`;

export async function qrImageUrl(text: string): Promise<string> {
  const { default: QRCode } = await withChunkTimeout(() => import('qrcode'));
  return svgDataUrl(await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
}
