import type { ComponentType } from 'react';
import { lazyPage, type PageLoader } from './lazy-page';
import type { RouteId } from '../lib/routes';
import { loadAdminWords } from '../lib/i18n';

// One dynamic import per screen, so each screen is its own chunk.
const landing: PageLoader = () =>
  import('../features/landing/components/landing-page').then((m) => ({ default: m.LandingPage }));

/** An admin screen: its chunk and the admin tools' English words, which the first download does not carry. */
const adminPage =
  (load: PageLoader): PageLoader =>
  () =>
    Promise.all([loadAdminWords(), load()]).then(([, page]) => page);

export const PAGE_LOADERS: Record<RouteId, PageLoader> = {
  login: () => import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
  signup: () => import('../features/auth/components/signup-page').then((m) => ({ default: m.SignupPage })),
  forgotPassword: () =>
    import('../features/auth/components/forgot-password-page').then((m) => ({
      default: m.ForgotPasswordPage,
    })),
  homepage: () =>
    import('../features/ucube/components/ucube-home-page').then((m) => ({ default: m.UcubeHomePage })),
  landing,
  landingScreen: landing,
  taskManagement: adminPage(() =>
    import('../features/admin/components/task-management-page').then((m) => ({
      default: m.TaskManagementPage,
    })),
  ),
  deviceGeoCompliance: adminPage(() =>
    import('../features/admin/components/device-geo-compliance-page').then((m) => ({
      default: m.DeviceGeoCompliancePage,
    })),
  ),
  outletStatus: adminPage(() =>
    import('../features/admin/components/outlet-status-page').then((m) => ({ default: m.OutletStatusPage })),
  ),
  adminConfiguration: adminPage(() =>
    import('../features/admin/components/admin-configuration-page').then((m) => ({
      default: m.AdminConfigurationPage,
    })),
  ),
  userAccess: adminPage(() =>
    import('../features/admin/components/user-access-page').then((m) => ({ default: m.UserAccessPage })),
  ),
  estimatedBestPrice: adminPage(() =>
    import('../features/admin/components/estimated-best-price-page').then((m) => ({
      default: m.EstimatedBestPricePage,
    })),
  ),
  salesmanDeviceId: adminPage(() =>
    import('../features/admin/components/salesman-device-id-page').then((m) => ({
      default: m.SalesmanDeviceIdPage,
    })),
  ),
  outletGeoCompliance: adminPage(() =>
    import('../features/admin/components/outlet-geo-compliance-page').then((m) => ({
      default: m.OutletGeoCompliancePage,
    })),
  ),
  merchandizingSets: adminPage(() =>
    import('../features/admin/components/merchandizing-sets-page').then((m) => ({
      default: m.MerchandizingSetsPage,
    })),
  ),
  teamLevels: () =>
    import('../features/ucube/components/team-levels-page').then((m) => ({ default: m.TeamLevelsPage })),
  distributorTeamLevels: () =>
    import('../features/ucube/components/distributor-team-levels-page').then((m) => ({
      default: m.DistributorTeamLevelsPage,
    })),
  disciplinaryTeamLevels: () =>
    import('../features/ucube/components/disciplinary-team-levels-page').then((m) => ({
      default: m.DisciplinaryTeamLevelsPage,
    })),
  // The catalogue's reports, or Salesman Tracking (report=salesman-tracking), both on /reportpage.
  reportPage: () => import('./report-page-switch').then((m) => ({ default: m.ReportPageSwitch })),
  operationalReportsLanding: () =>
    import('../features/reports/components/operational-reports-landing-page').then((m) => ({
      default: m.OperationalReportsLandingPage,
    })),
};

export type Pages = Record<RouteId, ComponentType>;

/** Lazy screens for every route; routes sharing a loader share one lazy component. */
export function createPages(loaders: Record<RouteId, PageLoader> = PAGE_LOADERS): Pages {
  const byLoader = new Map<PageLoader, ComponentType>();
  const pages = {} as Pages;
  for (const id of Object.keys(loaders) as RouteId[]) {
    const loader = loaders[id];
    let page = byLoader.get(loader);
    if (!page) {
      page = lazyPage(loader);
      byLoader.set(loader, page);
    }
    pages[id] = page;
  }
  return pages;
}
