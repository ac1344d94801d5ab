/**
 * The browser tab title: the product short name followed by the vendor suffix (spec section 1).
 * The server writes the suffix into <meta name="pucs-vendor-suffix"> of index.html.
 */
import { messages } from './messages';

export const VENDOR_SUFFIX_META = 'pucs-vendor-suffix';

export function vendorSuffix(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${VENDOR_SUFFIX_META}"]`)?.content ?? '';
}

export function documentTitle(doc: Document = document): string {
  return `${messages.productName}${vendorSuffix(doc)}`;
}
