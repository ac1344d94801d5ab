/**
 * The time to the first row of /devices in Chromium, as bench/devicesPage.ts and bench/scale.ts
 * measure it: from the navigation's start until the frame showing the first device row has been
 * painted, read in the page. (A locator's waitFor polls at growing intervals, up to 500 ms apart,
 * so its answer came up to half a second after the row showed.)
 */
import type { BrowserContext, Page } from '@playwright/test';

/** Issue 28's goal for this figure, printed beside it. */
export const FIRST_ROW_GOAL = 'goal < 1000 ms median, loaded machine too';

/** A device row's link: the row is drawn with its content. */
const ROW = 'table tbody tr a';

/**
 * Run in each page before its own scripts: once the first row is in the page, notes when the frame
 * showing it has been painted (a task after that frame's animation callbacks), in ms since the
 * navigation started (the page's time origin).
 */
function watchFirstRow(row: string) {
  const w = window as unknown as { pucsFirstRow?: { painted?: number } };
  const observer = new MutationObserver(() => {
    if (w.pucsFirstRow || !document.querySelector(row)) return;
    const seen: { painted?: number } = {};
    w.pucsFirstRow = seen;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (seen.painted = performance.now())));
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** Every page of `context`, tabs opened later too, notes its first row. */
export const watchFirstRows = (context: BrowserContext) => context.addInitScript(watchFirstRow, ROW);

/** Navigates `page` (of a watched context) to /devices; answers when its first row was painted, in ms since the navigation started. */
export async function firstRowPainted(page: Page, address: string): Promise<number> {
  await page.goto(`${address}/devices`, { waitUntil: 'commit' });
  const painted = await page.waitForFunction(() => (window as unknown as { pucsFirstRow?: { painted?: number } }).pucsFirstRow?.painted, undefined, { polling: 'raf' });
  return Number(await painted.jsonValue());
}
