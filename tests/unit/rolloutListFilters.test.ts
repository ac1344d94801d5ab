/**
 * The rollouts table's Firmware filter reads like the other filters (issue 30 item 4): 'All
 * firmwares' once a type is chosen, and before that what to do first, as the Group filter says;
 * it was blank. The form's firmware pickers keep their blank zero option.
 */
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { zeroText } from '../../src/resources/dropdown/picker';

const firmware = mustGetCategory('firmware');

describe("the firmware filter's zero option", () => {
  it('asks for a type first, then offers every firmware of it', () => {
    expect(zeroText(firmware, 'filter', {})).toBe(ownMessages.selectTypeToFilterFirmwares);
    expect(zeroText(firmware, 'filter', { type_id: 3 })).toBe(ownMessages.allFirmwares);
  });

  it("leaves a form's zero option blank", () => {
    expect(zeroText(firmware, 'form', { type_id: 3 })).toBe('');
  });
});
