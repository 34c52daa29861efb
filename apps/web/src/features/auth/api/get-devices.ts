import type { DeviceLabel } from '@fieldforce/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface DeviceSession {
  id: string;
  deviceId: string;
  loginType: 'SSO' | 'NON_SSO';
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
  /** Browser and system read from the device id by the server. */
  label: DeviceLabel;
}

/** GET fb/accounts/devices: the caller's own signed-in devices. */
export function getDevices(signal?: AbortSignal): Promise<{ devices: DeviceSession[]; maxDevices: number }> {
  return apiRequest('fb/accounts/devices', { countryInQuery: true, signal });
}

export const devicesQuery = () =>
  queryOptions({ queryKey: ['auth', 'devices'], queryFn: ({ signal }) => getDevices(signal), staleTime: 0 });

export function useDevices(enabled: boolean) {
  return useQuery({ ...devicesQuery(), enabled });
}
