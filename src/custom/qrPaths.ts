/**
 * What the server (server/qr/) and the console share about the public QR page: its addresses and
 * sign-in link (spec section 2), and the public information it reads (spec section 3).
 */
export const QR_PAGE_PATH = '/qr';
export const QR_LOGIN_PATH = '/qr_code_page_login/';

const withId = (path: string, id: string | undefined) => (id === undefined ? path : `${path}?id=${encodeURIComponent(id)}`);

/** '/qr?id=5' */
export const qrPageHref = (id: string | undefined) => withId(QR_PAGE_PATH, id);
/** '/qr_code_page_login/?id=5' */
export const qrLoginHref = (id: string | undefined) => withId(QR_LOGIN_PATH, id);

/** spec section 3: QR public info; device_id only for a signed-in member of the device's team. */
export interface QrPublicInfo {
  id: string;
  to_be_claimed: boolean;
  label_svg_image: string | null;
  provisioning: unknown;
  device_id?: number;
}
