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

/**
 * The device as its label prints it (name, type, unique ID, team: the same texts), for the page to
 * show as text, and its id for the page's link to it (spec section 2: '/device_view?id={id}').
 */
export interface QrDevice {
  id: number;
  name: string;
  /** '' for a device without a type. */
  type: string;
  /** The type's label for the unique ID ('Unique ID by type' when it has none). */
  name_of_uid: string;
  uid_for_type: string;
  team: string;
}

/** spec section 3: QR public info, plus the device; device_id only for a signed-in member of the device's team. */
export interface QrPublicInfo {
  id: string;
  to_be_claimed: boolean;
  label_svg_image: string | null;
  provisioning: unknown;
  device: QrDevice;
  device_id?: number;
}

/**
 * '/device_view?id=7', the device's page in the console (spec section 2). Spelled here because the
 * light entry cannot import the registry it derives from (src/resources/consoleRoutes.ts); a test
 * holds the two equal (tests/unit/qrPaths.test.ts).
 */
export const deviceViewHref = (id: number) => `/device_view?id=${id}`;
