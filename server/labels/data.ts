/**
 * What a label shows of a device, read in one statement (the public QR info reads it the same way,
 * so that its work does not depend on whether the id exists), and turned into template values.
 */
import { qrLink } from '../../src/custom/qrImage';
import { messages } from '../../src/messages';
import type { CategoryKey, CategoryRow } from '../../src/schemas/index';
import { labelValues, qrSvg, type LabelValues } from './render';

/** Columns of a device's label, over `"device" d`, then LABEL_JOINS. */
export const LABEL_COLUMNS = `d."id", d."team_id", d."name", d."uid_for_type", d."qr_code_id",
  ty."name" AS "type_name", ty."name_of_uid", tm."name" AS "team_name", g."name" AS "group_name",
  f."name" AS "firmware_name", f."version" AS "firmware_version"`;

export const LABEL_JOINS = `LEFT JOIN "type" ty ON ty."id" = d."type_id" LEFT JOIN "team" tm ON tm."id" = d."team_id"
  LEFT JOIN "devices_group" g ON g."id" = d."group_id" LEFT JOIN "firmware" f ON f."id" = d."target_firmware_id"`;

type Name<K extends CategoryKey> = CategoryRow<K>['name'] | null;

/** A row of LABEL_COLUMNS, typed from the declarations; the joined objects may be missing (LEFT JOIN). */
export type LabelRow = Pick<CategoryRow<'device'>, 'id' | 'team_id' | 'name' | 'uid_for_type' | 'qr_code_id'> & {
  type_name: Name<'type'>;
  name_of_uid: CategoryRow<'type'>['name_of_uid'] | null;
  team_name: Name<'team'>;
  group_name: Name<'devices_group'>;
  firmware_name: Name<'firmware'>;
  firmware_version: CategoryRow<'firmware'>['version'] | null;
};

/** The template values of a device with a QR id, its QR code drawn for the public origin. */
export async function valuesOf(row: LabelRow & { qr_code_id: string }, origin: string): Promise<LabelValues> {
  const qr_url = qrLink(origin, row.qr_code_id);
  return labelValues({ ...row, name_of_uid: row.name_of_uid || messages.defaultNameOfUid, qr_url, qr_svg: await qrSvg(qr_url) });
}
