/**
 * An SVG shown through a data: URL in an <img>, never as inline markup, so nothing in it can run.
 * Apart from qrImage.ts (which draws QR codes with the `qrcode` package) so that the public QR
 * page shows its label without downloading that package.
 */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
