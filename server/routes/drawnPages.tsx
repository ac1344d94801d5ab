/**
 * The pages the server draws into index.html for who is asking (issue 28 item 8), so that they
 * show before any script runs, as on a phone on a slow network: the public QR page (spec section 2,
 * reached by scanning a label) and the sign-in form. Drawn with React from the very components the
 * browser draws them with (src/entry/), which then take the page over where it stands
 * (src/entry/render.tsx): one source for the markup and its texts, escaped by React (device values
 * are anyone's input). The QR page's public information is read by the API's own reader
 * (app.qrPublicInfo: the same rule, the same limit per address), and its answer goes with the page
 * (src/entry/drawnPage.ts) so that the browser does not read it again. Other pages, and the
 * sign-in form for a signed-in visitor (the console then follows), are left to the script.
 */
import { renderToString } from 'react-dom/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QR_PAGE_PATH } from '../../src/custom/qrPaths';
import { LOGIN_PATH } from '../../src/custom/safeNextPath';
import { INVALID, qrLoadOf, qrOutcomeOf } from '../../src/custom/qrLoad';
import { routeOf } from '../../src/entry/startupReads';
import { drawnPageDataBlock, type DrawnPageData } from '../../src/entry/drawnPage';
import { EntryLink } from '../../src/entry/navigation';
import { QrPageView } from '../../src/entry/QrPageView';
import { SignInForm } from '../../src/entry/SignInForm';
import { ApiError } from '../http/errors';

/** The page's markup (what goes in its root element) and what comes with it after that element. */
export interface DrawnPage {
  markup: string;
  after: string;
}

/** The public information call's answer to this request, as status and body. */
async function qrAnswer(app: FastifyInstance, request: FastifyRequest, id: string): Promise<NonNullable<DrawnPageData['qr']>> {
  try {
    return { id, status: 200, body: await app.qrPublicInfo(request, id) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { id, status: error.status, body: { Description: error.description } };
  }
}

async function qrPage(app: FastifyInstance, request: FastifyRequest, id: string | undefined): Promise<DrawnPage> {
  const user = await app.callerOf(request);
  // The API's reader tells a member of the device's team by request.user, as it does for the call.
  request.user = user;
  const data: DrawnPageData = { contact_url: app.config.contactUrl ?? null };
  // As the browser's page: no id (or an empty one) is the invalid address, and nothing is read.
  if (id) data.qr = await qrAnswer(app, request, id);
  const load = data.qr ? qrLoadOf(qrOutcomeOf(data.qr.status, data.qr.body)) : INVALID;
  const markup = renderToString(
    <QrPageView id={id} link={EntryLink} session={user ? 'signedIn' : 'signedOut'} load={load} contact={data.contact_url ?? undefined} />,
  );
  return { markup, after: drawnPageDataBlock(data) };
}

/**
 * How long the page waits for its drawing (ms): the pages are never refused as busy
 * (server/http/loadShedding.ts), so a stalled or slow database must not hold them; past this, the
 * script draws the page as it would without the server's help.
 */
export const DRAW_WAIT_MS = 1500;

/** The page `url` names drawn for `request`'s caller, or undefined when the script draws it (also while the server sheds load, or when drawing takes longer than DRAW_WAIT_MS). */
export async function drawPage(app: FastifyInstance, request: FastifyRequest, url: string): Promise<DrawnPage | undefined> {
  // An API call would be refused as busy now: the page adds no work to the database's queue.
  if (app.shedding()) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      request.log.warn('page not drawn: the database took too long');
      resolve(undefined);
    }, DRAW_WAIT_MS);
  });
  try {
    return await Promise.race([drawn(app, request, url), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function drawn(app: FastifyInstance, request: FastifyRequest, url: string): Promise<DrawnPage | undefined> {
  // Concatenated, not resolved: a target such as //x:99999/ is a path here, never a host.
  const { pathname, searchParams } = new URL(`http://host${url}`);
  const route = routeOf(pathname);
  try {
    if (route === QR_PAGE_PATH) return await qrPage(app, request, searchParams.get('id') ?? undefined);
    if (route === LOGIN_PATH && !(await app.callerOf(request))) return { markup: renderToString(<SignInForm />), after: '' };
  } catch (error) {
    // The script draws the page then, reading what it needs as it would without the server's help.
    request.log.error(error);
  }
  return undefined;
}
