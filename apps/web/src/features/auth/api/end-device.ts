import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devicesQuery } from './get-devices';

/** DELETE fb/accounts/devices/:id: signs one of the caller's devices out. */
export function endDevice(id: string): Promise<{ message: string }> {
  return apiRequest(`fb/accounts/devices/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    countryInQuery: true,
  });
}

export function useEndDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQuery().queryKey }),
  });
}
