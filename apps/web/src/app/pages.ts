import type { ComponentType } from 'react';
import { lazyPage, type PageLoader } from './lazy-page';
import type { RouteId } from '../lib/routes';

// One dynamic import per screen, so each screen is its own chunk.
const landing: PageLoader = () =>
  import('../features/landing/components/landing-page').then((m) => ({ default: m.LandingPage }));

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
  taskManagement: () =>
    import('../features/admin/components/task-management-page').then((m) => ({
      default: m.TaskManagementPage,
    })),
  deviceGeoCompliance: () =>
    import('../features/admin/components/device-geo-compliance-page').then((m) => ({
      default: m.DeviceGeoCompliancePage,
    })),
  outletStatus: () =>
    import('../features/admin/components/outlet-status-page').then((m) => ({ default: m.OutletStatusPage })),
  adminConfiguration: () =>
    import('../features/admin/components/admin-configuration-page').then((m) => ({
      default: m.AdminConfigurationPage,
    })),
  userAccess: () =>
    import('../features/admin/components/user-access-page').then((m) => ({ default: m.UserAccessPage })),
  estimatedBestPrice: () =>
    import('../features/admin/components/estimated-best-price-page').then((m) => ({
      default: m.EstimatedBestPricePage,
    })),
  salesmanDeviceId: () =>
    import('../features/admin/components/salesman-device-id-page').then((m) => ({
      default: m.SalesmanDeviceIdPage,
    })),
  outletGeoCompliance: () =>
    import('../features/admin/components/outlet-geo-compliance-page').then((m) => ({
      default: m.OutletGeoCompliancePage,
    })),
  merchandizingSets: () =>
    import('../features/admin/components/merchandizing-sets-page').then((m) => ({
      default: m.MerchandizingSetsPage,
    })),
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
