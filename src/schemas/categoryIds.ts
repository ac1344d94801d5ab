/**
 * Category ids of spec section 3 that belong to no category of the registry: `none` (0, no
 * category) and `document` (9, what basic documents and collections are together). Every other
 * id is its category's `id`; the registry check keeps these two free.
 */
export const CATEGORY_IDS = { none: 0, document: 9 } as const;
