/**
 * The image of a device's QR code: the `qrcode` package draws the /qr link as SVG, which the
 * console shows through a data: URL in an <img> (never as inline markup, so nothing in it can run).
 */
import QRCode from 'qrcode';
import { qrPageHref } from './qrPaths';
import { svgDataUrl } from './svgDataUrl';

/** 'https://pucs.example/qr?id=abc' from the public origin the server gives and the QR id. */
export const qrLink = (origin: string, qrId: string) => `${origin.replace(/\/+$/, '')}${qrPageHref(qrId)}`;

export async function qrImageUrl(text: string): Promise<string> {
  return svgDataUrl(await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
}
