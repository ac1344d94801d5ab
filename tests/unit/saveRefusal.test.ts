import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/dataProvider/http';
import { messages, ownMessages } from '../../src/messages';
import { mustGetCategory } from '../../src/schemas';
import { fieldRefusal } from '../../src/resources/object/saveRefusal';
import { deleteConfirmationText } from '../../src/resources/object/deleteConfirmation';

const device = mustGetCategory('device');
const fields = ['name', 'team_id', 'type_id', 'uid_for_type'];
const refused = (status: number, Description: string) => new HttpError('refused', status, { Description });

describe('a refusal of a save that concerns one field (issue 13 item 5)', () => {
  it('the uid-per-type key: the unique ID field, in the spec sentence', () => {
    expect(fieldRefusal(device, fields, {}, refused(409, 'The value is not unique: device_uid_per_type_key.'))).toEqual({
      field: 'uid_for_type',
      message: messages.uidNotUniquePerType,
    });
  });

  it("a name not unique in the team: the name field, the server's words", () => {
    const values = { name: 'Pump' };
    expect(fieldRefusal(device, fields, values, refused(409, messages.nameNotUnique('pump')))).toBeUndefined();
    expect(fieldRefusal(device, fields, values, refused(409, messages.nameNotUnique('Pump')))).toEqual({ field: 'name', message: messages.nameNotUnique('Pump') });
  });

  it('a required field found empty: that field', () => {
    expect(fieldRefusal(device, fields, {}, refused(400, messages.uidEmpty))).toEqual({ field: 'uid_for_type', message: messages.uidEmpty });
  });

  it("adding a member by username: no such user, or already a member, is the username field's", () => {
    const role = mustGetCategory('role');
    const values = { team_id: 1, username: 'carol', role_id: 1 };
    expect(fieldRefusal(role, ['username'], values, refused(400, ownMessages.noSuchUser))).toEqual({ field: 'username', message: ownMessages.noSuchUser });
    // The unique rule is on user_id; the form's input resolves to it.
    expect(fieldRefusal(role, ['username'], values, refused(409, ownMessages.alreadyMember))).toEqual({ field: 'username', message: ownMessages.alreadyMember });
    expect(fieldRefusal(role, ['username'], values, refused(409, ownMessages.lastAdmin))).toBeUndefined();
    expect(fieldRefusal(role, ['username'], values, refused(429, ownMessages.tooManyInvitations))).toBeUndefined();
  });

  it('anything else, a field the form does not show, or a lost session: not the form\'s', () => {
    expect(fieldRefusal(device, fields, {}, refused(403, 'Only administrators of the team can do this.'))).toBeUndefined();
    expect(fieldRefusal(device, ['name'], {}, refused(409, 'The value is not unique: device_uid_per_type_key.'))).toBeUndefined();
    expect(fieldRefusal(device, fields, {}, new HttpError('x', 401, { Description: messages.uidEmpty }))).toBeUndefined();
    expect(fieldRefusal(device, fields, {}, new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('the delete confirmation (spec section 8, issue 13 item 5)', () => {
  it("asks the spec's question, then says which devices leave a group", () => {
    const group = mustGetCategory('devices_group');
    expect(deleteConfirmationText(group, { id: 4, name: 'North', number_of_devices: 3 })).toBe(
      `${messages.confirmDelete('North')}\n3 devices will leave North`,
    );
    expect(deleteConfirmationText(group, { id: 4, name: 'North', number_of_devices: 0 })).toBe(messages.confirmDelete('North'));
    expect(deleteConfirmationText(mustGetCategory('firmware'), { id: 1, name: 'Core' })).toBe(messages.confirmDelete('Core'));
  });
});
