import type { UsageEventName } from '@fieldforce/contracts';
import type { UsageProperties } from '../lib/usage';
import type { RouteId } from '../lib/routes';

const ADMIN_SCREENS: ReadonlySet<RouteId> = new Set([
  'taskManagement',
  'deviceGeoCompliance',
  'outletStatus',
  'adminConfiguration',
  'userAccess',
  'estimatedBestPrice',
  'salesmanDeviceId',
  'outletGeoCompliance',
  'merchandizingSets',
]);

/**
 * The usage event of opening a screen (spec section 7): the homepage, the team, distributor and KPI
 * views (their details when a drill is open), report views with their category and name, and the
 * admin tools. Sign-in screens send their own events (login, forgotPassword, backToLogin).
 */
export function screenEvent(
  route: RouteId,
  search: URLSearchParams,
): { event: UsageEventName; properties: UsageProperties } | null {
  const drilled = search.has('path') || search.has('emailId') || search.has('level');
  const period = search.get('period');
  const withPeriod: UsageProperties = period ? { period } : {};
  switch (route) {
    case 'homepage':
    case 'landing':
    case 'landingScreen':
      return { event: 'homepage', properties: {} };
    case 'teamLevels':
      return { event: drilled ? 'teamDetails' : 'teamView', properties: withPeriod };
    case 'distributorTeamLevels':
      return { event: drilled ? 'distributorDetails' : 'distributorView', properties: withPeriod };
    case 'disciplinaryTeamLevels':
      return { event: drilled ? 'kpiDetails' : 'kpiView', properties: withPeriod };
    case 'reportPage':
      return {
        event: 'reportView',
        properties: {
          category: search.get('reportCategory') ?? null,
          name: search.get('reportName') ?? null,
        },
      };
    case 'operationalReportsLanding':
      return { event: 'reportView', properties: { category: 'operational', name: null } };
    default:
      return ADMIN_SCREENS.has(route) ? { event: 'adminView', properties: { tool: route } } : null;
  }
}
