import {
  ADMIN_CONFIG_API,
  type AdminConfig,
  type CountryCode,
  type UpdateAdminConfig,
} from '@fieldforce/contracts';
import { apiRequest } from '../../../lib/api-client';

const PATH = ADMIN_CONFIG_API.replace(/^\/api\//, '');

export const adminConfigKey = (country: CountryCode) => ['admin', 'configuration', country];

/** GET admin/configuration: every flag of the market with its explanation, last change and `can`. */
export function getAdminConfig(country: CountryCode, signal?: AbortSignal): Promise<AdminConfig> {
  return apiRequest<AdminConfig>(PATH, { countryCode: country, countryInQuery: true, signal });
}

/** PATCH admin/configuration: the changed flags and/or the email-domain list; answers the page. */
export function saveAdminConfig(country: CountryCode, body: UpdateAdminConfig): Promise<AdminConfig> {
  return apiRequest<AdminConfig>(PATH, { method: 'PATCH', countryCode: country, countryInQuery: true, body });
}
