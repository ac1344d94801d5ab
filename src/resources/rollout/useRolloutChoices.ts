/**
 * What the create page offers and counts, read through the data provider: the teams the user
 * administers, their enabled firmwares that hold a file (a rollout cannot send another), the groups
 * and devices of the firmware's type, and the live count of the devices the rollout would take now
 * (GET /api/full/device with a range of one row: the total comes from Content-Range).
 */
import { useGetList, useGetOne, type RaRecord } from 'react-admin';
import { useAdminTeams } from '../list/useAdminTeams';

const all = (fields: string[]) => ({ all: true, fields });

/** The teams where the user may create a rollout. */
export function useAdminTeamChoices(): RaRecord[] | undefined {
  const adminTeams = useAdminTeams();
  const { data } = useGetList('team', { meta: all(['id', 'name']) });
  return data?.filter((team) => adminTeams.all([team.id]));
}

/** The team's firmwares a rollout may bring: enabled, with their file. */
export function useFirmwareChoices(teamId: number | null): RaRecord[] | undefined {
  const { data } = useGetList(
    'firmware',
    { filter: { team_id: teamId }, meta: all(['id', 'name', 'version', 'type_id', 'is_disabled', 'filename']) },
    { enabled: teamId !== null },
  );
  return data?.filter((f) => f.is_disabled === 0 && typeof f.filename === 'string' && f.filename !== '');
}

/** The groups of the team and type. */
export function useGroupChoices(teamId: number | null, typeId: number | null): RaRecord[] | undefined {
  const { data } = useGetList(
    'devices_group',
    { filter: { team_id: teamId, type_id: typeId }, meta: all(['id', 'name']) },
    { enabled: teamId !== null && typeId !== null },
  );
  return data;
}

/** The type's name, for the count's sentence. */
export function useTypeName(typeId: number | null): string | undefined {
  const { data } = useGetOne('type', { id: typeId ?? 0, meta: { full: false, fields: ['id', 'name'] } }, { enabled: typeId !== null });
  return typeof data?.name === 'string' ? data.name : undefined;
}

/** How many devices match `filter` now; undefined while read or without a filter. */
export function useDeviceCount(filter: Record<string, unknown> | undefined): number | undefined {
  const { total } = useGetList(
    'device',
    { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, meta: { fields: ['id'] } },
    { enabled: filter !== undefined },
  );
  return filter === undefined ? undefined : total;
}

/**
 * A page of the devices of the team and type, of no group, whose names match `q`, for choosing them one
 * by one (a device of a group would have the rollout refused: docs/ROLLOUTS.md, "The group rule").
 */
export function useDeviceChoices(teamId: number | null, typeId: number | null, q: string): RaRecord[] | undefined {
  const { data } = useGetList(
    'device',
    { filter: { team_id: teamId, type_id: typeId, group_id: null, q }, pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' }, meta: { fields: ['id', 'name'] } },
    { enabled: teamId !== null && typeId !== null },
  );
  return data;
}
