/**
 * The calls of the claim journey (spec section 7) as the server answers them (server/claim/), kept
 * apart from the screens so that the public page and its tests share one description of them.
 */
import { useEffect, useState } from 'react';
import { http, HttpError } from '../../dataProvider/http';
import { errorMessage, reportError } from '../../dataProvider/errors';

/** spec section 3: Claim check response's device. */
export interface ClaimedDevice {
  id: number;
  name: string;
  team: string;
  team_id: number;
  type: string | null;
  type_id: number | null;
  uid_for_type: string;
  target_firmware: { name: string; version: string } | null;
}

export type CodeCheck = { is_code_valid: true; device: ClaimedDevice } | { is_code_valid: false };

export interface ClaimBody {
  claim_code: string;
  team_id: number;
  type_id?: number;
  group_id?: number;
  target_firmware_id?: number;
  should_firmware_be_copied: boolean;
}

export async function checkClaimCode(qrId: string, claimCode: string): Promise<CodeCheck> {
  const { json } = await http<CodeCheck>(`/get_device_by_qr_and_claim_codes/${encodeURIComponent(qrId)}`, {
    method: 'PUT',
    body: { claim_code: claimCode },
  });
  return json;
}

export async function claimDevice(deviceId: number, body: ClaimBody): Promise<void> {
  await http(`/claim_device/${deviceId}`, { method: 'PUT', body });
}

export async function addSupportUser(teamId: number): Promise<void> {
  await http('/add_pucs_user_to_team/', { method: 'PUT', body: { team_id: teamId } });
}

/**
 * The text a claim screen shows in place for a failed call, worded by the error catalogue (spec
 * section 8: the Description, the uid-per-type message); undefined when nothing is to be shown
 * there: an aborted call, or a lost session (401), which goes the catalogue's way (alert, home page).
 */
export function claimFailure(error: unknown): string | undefined {
  if (error instanceof HttpError && error.status === 401) {
    reportError(error);
    return undefined;
  }
  return errorMessage(error);
}

export interface AdminTeam {
  id: number;
  name: string;
}

/** The teams a device may be claimed into: those the user administers; undefined until read. */
export function useAdminTeams(): { teams?: AdminTeam[]; error?: string } {
  const [result, setResult] = useState<{ teams?: AdminTeam[]; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    http<{ json_list?: AdminTeam[] } | null>('/get_teams_where_user_is_admin/', { signal: controller.signal })
      .then(({ json }) => setResult({ teams: (json?.json_list ?? []).map((t) => ({ id: Number(t.id), name: String(t.name) })) }))
      .catch((error: unknown) => {
        const text = claimFailure(error);
        if (text !== undefined) setResult({ error: text });
      });
    return () => controller.abort();
  }, []);
  return result;
}
