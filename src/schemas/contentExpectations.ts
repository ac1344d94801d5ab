/**
 * The counts a cascade delete is bound to (issue 13 item 6): DELETE /api/{cat}/{id}?cascade=true
 * may carry, for each key of the category's `deleteWithContent`, `expect_{key}={n}`, the number of
 * objects of that list the caller was shown ('80 devices, 1 group and 1 firmware'). The server
 * compares them, inside the delete's transaction and after locking the object, with what it
 * would delete, and deletes nothing when one differs (409). A list without an expectation is not
 * compared. Shared by the console (src/resources/type/typeCascade.ts) and the server
 * (server/crud/deleteWithContent.ts); it names no category.
 */

/** The query parameter that states how many objects of the content list `key` the caller expects. */
export const expectParam = (key: string): string => `expect_${key}`;

/** The list key a query parameter states an expectation for, or undefined for another parameter. */
export const expectedListOf = (param: string): string | undefined => (param.startsWith('expect_') ? param.slice('expect_'.length) : undefined);

/** Expected counts by content list key. */
export type ContentExpectations = Readonly<Record<string, number>>;

/** The query of the expectations: { expect_device: '80', ... }. */
export const expectationsQuery = (expected: ContentExpectations): Record<string, string> =>
  Object.fromEntries(Object.entries(expected).map(([key, n]) => [expectParam(key), String(n)]));
