import type { MessageKey } from './i18n/en';

/**
 * Every path of spec section 2, spelled exactly as the spec spells it (routes are case-sensitive).
 * The route strings live here, below the features, so any feature can link to any screen without importing
 * the app layer (app/routes.ts builds the route table and the header choice from these).
 */
export const ROUTES = {
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  homepage: '/homepage',
  landing: '/',
  landingScreen: '/landingscreen',
  taskManagement: '/taskmanagment',
  deviceGeoCompliance: '/devicegeocompliance',
  outletStatus: '/outletStatus',
  adminConfiguration: '/adminconfigurationpage',
  userAccess: '/useraccess',
  estimatedBestPrice: '/estimatedbestprice',
  salesmanDeviceId: '/salesmandeviceid',
  outletGeoCompliance: '/outletGeoCompliance',
  merchandizingSets: '/merchandizingSets',
  teamLevels: '/teamlevels',
  distributorTeamLevels: '/distributorteamlevels',
  disciplinaryTeamLevels: '/disciplinaryteamlevels',
  reportPage: '/reportpage',
  operationalReportsLanding: '/operationalreportslandingpage',
} as const;

export type RouteId = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteId];

/** Where any path that is not in the table goes. */
export const FALLBACK_PATH = ROUTES.login;

/** A header or menu link: an i18n label and a path from this file. */
export interface NavItem {
  labelKey: MessageKey;
  to: string;
}

export type ReportCategory = 'transactionalreports' | 'masterreports';

/** The report screen opened from the header dropdowns: /reportpage with the report name and category. */
export function reportPageUrl(reportName: string, reportCategory: ReportCategory): string {
  const query = new URLSearchParams({ reportName, reportCategory });
  return `${ROUTES.reportPage}?${query.toString()}`;
}
