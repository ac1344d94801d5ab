/**
 * Prints A4 sheets of labels from the console page itself: a hidden frame holds each sheet as an
 * <img> (never inline markup) on its own A4 page, then the frame's print(). A frame needs no popup
 * permission, so printing works however long the sheets took to arrive. The frame stays (and is
 * reused) so that its images live until the next print.
 */
import { ownMessages } from '../../messages';

export const PRINT_FRAME_ID = 'label-print-frame';

const PAGE_STYLE =
  '@page{size:A4;margin:0}html,body{margin:0}' +
  'img{display:block;width:210mm;height:297mm;break-after:page}img:last-child{break-after:auto}';

let printed: string[] = [];

function printFrame(): HTMLIFrameElement {
  const existing = document.getElementById(PRINT_FRAME_ID);
  if (existing instanceof HTMLIFrameElement) return existing;
  const frame = document.createElement('iframe');
  frame.id = PRINT_FRAME_ID;
  frame.title = ownMessages.printLabels;
  // Out of sight but laid out: some browsers print nothing from a display:none frame.
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  return frame;
}

/** Puts the sheets in the frame, waits until their images are loaded, then opens the print dialog. */
export async function printSheets(sheets: readonly Blob[]): Promise<void> {
  const frame = printFrame();
  printed.forEach((url) => URL.revokeObjectURL(url));
  printed = sheets.map((sheet) => URL.createObjectURL(sheet));
  const images = printed.map((url, i) => `<img src="${url}" alt="${ownMessages.labelSheetAlt(i + 1)}">`).join('');
  // The frame's load event comes once every image has loaded (or failed).
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.srcdoc = `<!doctype html><html><head><title>${ownMessages.printLabels}</title><style>${PAGE_STYLE}</style></head><body>${images}</body></html>`;
  await loaded;
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
}
