import type { AdminToolEntry, AdminToolKey, CountryCode } from '@fieldforce/contracts';
import { useQuery } from '@tanstack/react-query';
import type { MessageKey } from '../../lib/i18n';
import type { NavItem } from '../../lib/routes';
import { getAdminTools } from './api/admin-tools';

export interface AdminTool extends NavItem {
  key: AdminToolKey;
  descriptionKey: MessageKey;
  can: AdminToolEntry['can'];
}

/** The words of each tool; which tools a market has, in which order, is the server's answer. */
const TOOL_TEXT: Record<
  Exclude<AdminToolKey, 'adminConfiguration'>,
  { labelKey: MessageKey; descriptionKey: MessageKey }
> = {
  userAccess: { labelKey: 'nav.userAccess', descriptionKey: 'page.userAccess.lead' },
  taskManagement: { labelKey: 'nav.taskManagement', descriptionKey: 'page.taskManagement.lead' },
  estimatedBestPrice: { labelKey: 'nav.estimatedBestPrice', descriptionKey: 'page.estimatedBestPrice.lead' },
  outletGeoCompliance: {
    labelKey: 'nav.outletGeoCompliance',
    descriptionKey: 'page.outletGeoCompliance.lead',
  },
  salesmanDeviceId: { labelKey: 'nav.salesmanDeviceId', descriptionKey: 'page.salesmanDeviceId.lead' },
  merchandizingSets: { labelKey: 'nav.merchandizingSets', descriptionKey: 'page.merchandizingSets.lead' },
  deviceGeoCompliance: {
    labelKey: 'nav.deviceGeoCompliance',
    descriptionKey: 'page.deviceGeoCompliance.lead',
  },
  outletStatus: { labelKey: 'nav.outletStatus', descriptionKey: 'page.outletStatus.lead' },
};

/**
 * The admin menu from GET admin/tools: the server decides which tools the caller has in the market
 * (the per-country conditions of spec section 2, the Outlet Status email-domain rule, the caller's
 * abilities) and their order; the web only puts words and links on them.
 */
export function adminMenuFromServer(tools: readonly AdminToolEntry[]): AdminTool[] {
  return tools.flatMap((tool) => {
    if (tool.key === 'adminConfiguration') return [];
    return [{ key: tool.key, to: tool.path, can: tool.can, ...TOOL_TEXT[tool.key] }];
  });
}

export const adminToolsKey = (country: CountryCode) => ['admin', 'tools', country];

/** The caller's admin menu in `country` (nothing while `enabled` is false: not an admin). */
export function useAdminMenu(country: CountryCode, enabled: boolean) {
  const query = useQuery({
    queryKey: adminToolsKey(country),
    queryFn: ({ signal }) => getAdminTools(country, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
  return {
    items: query.data ? adminMenuFromServer(query.data.tools) : [],
    isPending: enabled && query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
}
