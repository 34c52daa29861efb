import type { UsageEventName } from '@fieldforce/contracts';
import type { UsageProperties } from '../lib/usage';
import type { RouteId } from '../lib/routes';

const UCUBE_VIEWS: ReadonlySet<RouteId> = new Set([
  'teamLevels',
  'distributorTeamLevels',
  'disciplinaryTeamLevels',
]);

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

/** Spec section 7's report categories: operational, transactional and master. */
export function reportCategoryOf(category: string | null): string | null {
  if (!category) return null;
  const normal = category.toLowerCase().replace(/reports?$/, '');
  return normal || null;
}

/**
 * The UCube views' properties (spec section 3): the period, the level and side viewed (the hierarchy
 * path's last step), the distributor and the salesperson selected.
 */
function viewProperties(search: URLSearchParams): UsageProperties {
  const out: UsageProperties = {};
  const read: [string, string][] = [
    ['period', 'period'],
    ['role', 'level'],
    ['type', 'listType'],
    ['dtCode', 'selectedStore'],
    ['sm', 'selectedSalesman'],
  ];
  for (const [param, property] of read) {
    const value = search.get(param);
    if (value) out[property] = value.slice(0, 200);
  }
  return out;
}

/**
 * The usage event of opening a screen (spec section 7): the homepage, the team, distributor and
 * disciplinary KPI views (their details when a drill is open), a salesperson's day (a tracking
 * screen), report views with their category (operational, transactional, master) and name, and the
 * admin tools (with the section open, e.g. the usage page of admin configuration). Sign-in screens
 * send their own events (login, forgotPassword, backToLogin); the profile popup sends 'profile' and
 * the UCube home 'performanceView' when its performance figures show.
 *
 * Tracking screens: any route whose id starts with 'tracking' sends 'trackingView' with its id and
 * the same view properties (the hook for the salesman tracking screens as they are added).
 */
export function screenEvent(
  route: RouteId,
  search: URLSearchParams,
): { event: UsageEventName; properties: UsageProperties } | null {
  const drilled = search.has('path') || search.has('emailId') || search.has('level') || search.has('role');
  const view = viewProperties(search);
  if (search.has('sm') && UCUBE_VIEWS.has(route)) {
    return { event: 'trackingView', properties: { section: 'salesmanDay', ...view } };
  }
  if ((route as string).startsWith('tracking')) {
    return { event: 'trackingView', properties: { section: route, ...view } };
  }
  switch (route) {
    case 'homepage':
    case 'landing':
    case 'landingScreen':
      return { event: 'homepage', properties: {} };
    case 'teamLevels':
      return { event: drilled ? 'teamDetails' : 'teamView', properties: view };
    case 'distributorTeamLevels':
      return { event: drilled ? 'distributorDetails' : 'distributorView', properties: view };
    case 'disciplinaryTeamLevels':
      return { event: drilled ? 'kpiDetails' : 'kpiView', properties: { kpiType: 'disciplinary', ...view } };
    case 'reportPage':
      return {
        event: 'reportView',
        properties: {
          category: reportCategoryOf(search.get('reportCategory')),
          name: search.get('reportName') ?? null,
        },
      };
    case 'operationalReportsLanding':
      return { event: 'reportView', properties: { category: 'operational', name: null } };
    default: {
      if (!ADMIN_SCREENS.has(route)) return null;
      const section = search.get('view');
      return { event: 'adminView', properties: section ? { tool: route, section } : { tool: route } };
    }
  }
}
