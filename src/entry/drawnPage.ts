/**
 * What the server drew a page from, put in the page it sends (server/routes/drawnPages.tsx) for
 * the browser to take over with the same data: on the public QR page, the answer of the public
 * information call and the contact link, which the browser then does not ask for again (each public
 * read counts against the server's limit per address). A JSON data block, never run as a script.
 * No React here: the first script reads it.
 */

export const DRAWN_PAGE_DATA_ID = 'pucs-drawn-page';

export interface DrawnPageData {
  /** GET /api/execute_qr_code_action/{id}'s answer to this visitor, on /qr?id={id}. */
  qr?: { id: string; status: number; body: unknown };
  /** GET /api/qr_contact's contact_url, on /qr. */
  contact_url?: string | null;
}

/** The data block's text: '<' written as \u003c, so that no value can end the block or open a tag. */
export const drawnPageDataBlock = (data: DrawnPageData) =>
  `<script type="application/json" id="${DRAWN_PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** The data of the page the server drew; {} for a page it did not (or one served by `vite dev`). */
export function drawnPageData(doc: Document = document): DrawnPageData {
  const text = doc.getElementById(DRAWN_PAGE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as DrawnPageData;
  } catch {
    return {};
  }
}
