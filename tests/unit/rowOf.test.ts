/** RowOf types a category's rows from its declaration; checked by the type check (npx tsc), run by vitest for its runtime half. */
import { describe, expectTypeOf, it } from 'vitest';
import type { RowOf } from '../../src/schemas/rowOf';
import type { device } from '../../src/schemas/device';
import type { basicDocument } from '../../src/schemas/basicDocument';
import type { documentsCollection } from '../../src/schemas/documentsCollection';
import type { CategoryKey } from '../../src/schemas';

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

  it('the registry keeps its literal keys', () => {
    expectTypeOf<'device'>().toExtend<CategoryKey>();
    expectTypeOf<'devices'>().not.toExtend<CategoryKey>();
  });
});
