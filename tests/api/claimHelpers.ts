/** The claim tests' shared fixture: an owner's team with a type, and its devices offered for claiming. */
import { createOk } from './crudFixtures';
import { adminWithTeam, type TestApp } from './helpers';

/** A code no device is ever given. */
export const WRONG_CODE = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ';

export type Owner = Awaited<ReturnType<typeof adminWithTeam>>;

/** The admin 'owner' of a new team, and a type of that team. */
export async function ownerWithType(t: TestApp): Promise<{ owner: Owner; typeId: number }> {
  const owner = await adminWithTeam(t, 'owner');
  const typeId = (await createOk(owner.client, 'type', { name: 'board', team_id: owner.teamId })).id as number;
  return { owner, typeId };
}

let made = 0;

/** A new device of the owner's team and type: its id. */
export async function newDevice(owner: Owner, typeId: number, extra: Record<string, unknown> = {}): Promise<number> {
  made++;
  return (await createOk(owner.client, 'device', { name: `d${made}`, team_id: owner.teamId, type_id: typeId, uid_for_type: `u${made}`, ...extra })).id as number;
}

/** The QR id the owner gives device `id`. */
export async function qrOf(owner: Owner, id: number): Promise<string> {
  return ((await owner.client.post(`/api/device_qr_code/${id}`)).json() as { id: string }).id;
}

/** A device of the owner's team waiting to be claimed: its id, QR id and code. */
export async function claimable(owner: Owner, typeId: number, extra: Record<string, unknown> = {}) {
  const id = await newDevice(owner, typeId, extra);
  const qr = await qrOf(owner, id);
  const code = ((await owner.client.put(`/api/set_device_claimed_status/${id}`, {})).json() as { claim_code: string }).claim_code;
  return { id, qr, code };
}
