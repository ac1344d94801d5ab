/**
 * Delete's refusal of an object in use, before any question (issue 27 item 11): derived from the
 * registry's listThrough declarations, in the server's words, naming the objects using it.
 */
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { usedInRefusal } from '../../src/resources/object/usedInRefusal';

const document = mustGetCategory('basic_document');

describe('usedInRefusal', () => {
  it("names the objects a document's 'Used in' holds, in the server's words", () => {
    const record = { id: 4, name: 'Manual', used_in: { type: [{ id: 1, name: 'Pump' }], firmware: [], devices_group: [], device: [{ id: 9, name: 'Pump 7' }] } };
    expect(usedInRefusal(document, record)).toBe(
      ownMessages.inUseBy('Manual', [ownMessages.inUsePlace('type', 'Pump'), ownMessages.inUsePlace('device', 'Pump 7')].join(', ')),
    );
  });

  it('lets a document used nowhere (or read without its Used in) be asked about as usual', () => {
    expect(usedInRefusal(document, { id: 4, name: 'Manual', used_in: { type: [], firmware: [], devices_group: [], device: [] } })).toBeUndefined();
    expect(usedInRefusal(document, { id: 4, name: 'Manual' })).toBeUndefined();
  });

  it('names five places at most, as the server does', () => {
    const device = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `D${i + 1}` }));
    const refusal = usedInRefusal(document, { id: 4, name: 'Manual', used_in: { device } });
    expect(refusal).toContain(ownMessages.inUsePlace('device', 'D5'));
    expect(refusal).not.toContain(ownMessages.inUsePlace('device', 'D6'));
  });

  it('never refuses an object of a category nothing lists through a reference', () => {
    expect(usedInRefusal(mustGetCategory('device'), { id: 1, name: 'Pump 7', used_in: { device: [{ id: 2, name: 'x' }] } })).toBeUndefined();
  });
});
