/** Addresses of the public QR page and of its sign-in link (spec section 2). */
export const QR_PAGE_PATH = '/qr';
export const QR_LOGIN_PATH = '/qr_code_page_login/';

const withId = (path: string, id: string | undefined) => (id === undefined ? path : `${path}?id=${encodeURIComponent(id)}`);

/** '/qr?id=5' */
export const qrPageHref = (id: string | undefined) => withId(QR_PAGE_PATH, id);
/** '/qr_code_page_login/?id=5' */
export const qrLoginHref = (id: string | undefined) => withId(QR_LOGIN_PATH, id);
