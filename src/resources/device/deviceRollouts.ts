/**
 * A device's rollouts (GET /api/device/{id}/rollouts, src/schemas/deviceRollouts.ts), read into the
 * console's query cache under the device category, so a write to devices reads them again.
 */
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../dataProvider/http';
import { httpClient } from '../../dataProvider/httpClient';
import { DEVICE_ROLLOUTS, deviceRolloutsPath } from '../../schemas/deviceRollouts';

export function useDeviceRollouts(deviceId: number | string | undefined) {
  return useQuery({
    queryKey: ['device', 'rollouts', deviceId],
    enabled: deviceId !== undefined,
    queryFn: async ({ signal }) => DEVICE_ROLLOUTS.parse((await httpClient(apiUrl(deviceRolloutsPath(deviceId as number)), { report: false, signal })).json),
  });
}
