/**
 * What spec sections 2 and 3 require of the registry, checked as what must be present: an
 * integrator's registry with categories of its own still passes these tests unchanged.
 */

/** Spec section 3: the path segment and numeric id of each category. */
export const SPEC_CATEGORY_IDS: Readonly<Record<string, number>> = {
  device: 1,
  devices_group: 2,
  type: 3,
  firmware: 4,
  team: 5,
  role: 6,
  user: 7,
  config: 8,
  basic_document: 10,
  documents_collection: 11,
};

/** Spec section 2: the side menu, in its order, and the page each entry opens. */
export const SPEC_MENU: readonly (readonly [label: string, path: string])[] = [
  ['Devices', '/devices'],
  ['Firmwares', '/firmwares'],
  ['Types', '/types'],
  ['Groups', '/groups'],
  ['Teams', '/teams'],
  ['Documents', '/documents'],
];
export const SPEC_MENU_LABELS = SPEC_MENU.map(([label]) => label);

/** Spec section 2: the console's routes that come from the categories. */
export const SPEC_CATEGORY_ROUTES = [
  '/devices',
  '/firmwares',
  '/teams',
  '/documents',
  '/types',
  '/groups',
  '/device_new',
  '/device_view',
  '/device_edit',
  '/firmware_new',
  '/firmware_view',
  '/firmware_edit',
  '/type_new',
  '/type_view',
  '/type_edit',
  '/group_new',
  '/group_view',
  '/group_edit',
  '/document_new',
  '/basic_document_view',
  '/basic_document_edit',
  '/documents_collection_view',
  '/documents_collection_edit',
] as const;

/**
 * The entries of `actual` that `expected` names, in the order `actual` has them: equal to
 * `expected` when every expected entry is there, in the expected order, whatever else is there.
 */
export function onlyThese<T>(actual: readonly T[], expected: readonly T[]): T[] {
  const wanted = expected.map((e) => JSON.stringify(e));
  return actual.filter((a) => wanted.includes(JSON.stringify(a)));
}
