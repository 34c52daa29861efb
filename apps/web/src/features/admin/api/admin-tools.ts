import type { AdminTools, CountryCode } from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET admin/tools: the caller's admin menu in the market, in menu order, with what they may do. */
export function getAdminTools(country: CountryCode, signal?: AbortSignal): Promise<AdminTools> {
  return apiRequest<AdminTools>('admin/tools', { countryCode: country, countryInQuery: true, signal });
}
