/** RowOf types a category's rows from its declaration; checked by the type check (npx tsc), run by vitest for its runtime half. */
import { describe, expectTypeOf, it } from 'vitest';
import type { RowOf } from '../../src/schemas/rowOf';
import type { device } from '../../src/schemas/device';
import type { basicDocument } from '../../src/schemas/basicDocument';
import type { documentsCollection } from '../../src/schemas/documentsCollection';
import type { CategoryKey, CategoryRow } from '../../src/schemas';
import type { LabelRow } from '../../server/labels/data';

describe('RowOf', () => {
  it('maps each kind to its value, null unless required', () => {
    expectTypeOf<RowOf<typeof device>['id']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof device>['type_id']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof device>['group_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<RowOf<typeof device>['name']>().toEqualTypeOf<string>();
    expectTypeOf<RowOf<typeof device>['to_be_claimed']>().toEqualTypeOf<boolean | null>();
    expectTypeOf<RowOf<typeof device>['last_seen']>().toEqualTypeOf<Date | null>();
    expectTypeOf<RowOf<typeof documentsCollection>['basic_docs_list']>().toEqualTypeOf<readonly (number | { id: number })[] | null>();
    expectTypeOf<RowOf<typeof basicDocument>['doc_type']>().toEqualTypeOf<'text' | 'link' | 'file' | 'image' | 'label_template' | 'other' | null>();
  });

  it("a category's row by its key, and the readers' rows built from them", () => {
    expectTypeOf<CategoryRow<'firmware'>['version']>().toEqualTypeOf<string>();
    expectTypeOf<CategoryRow<'device'>>().toEqualTypeOf<RowOf<typeof device>>();
    // @ts-expect-error 'firmwar' is no key of the registry
    expectTypeOf<CategoryRow<'firmwar'>>().not.toBeAny();
    expectTypeOf<LabelRow['uid_for_type']>().toEqualTypeOf<string>();
    expectTypeOf<LabelRow['group_name']>().toEqualTypeOf<string | null>();
  });

  it('the registry keeps its literal keys', () => {
    expectTypeOf<'device'>().toExtend<CategoryKey>();
    expectTypeOf<'devices'>().not.toExtend<CategoryKey>();
  });
});
