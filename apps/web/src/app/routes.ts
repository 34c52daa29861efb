import type { MessageKey } from '../lib/i18n/en';
import type { SelectedApp } from '../lib/storage';

/** Every path of spec section 2, spelled exactly as the spec spells it (routes are case-sensitive). */
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

/** The store flag a route needs; 'public' needs none. */
export type RouteAccess = 'public' | 'adminAccess' | 'ucubeAccess' | 'opsReportAccess';
export type HeaderKind = 'none' | 'ucube' | 'reports';

export interface RouteDef {
  id: RouteId;
  path: RoutePath;
  access: RouteAccess;
  header: HeaderKind;
  /** The i18n key of the screen title, also used for the document title. */
  titleKey: MessageKey;
  /** Written to localStorage `selectedApp` when the screen is shown (spec section 2). */
  selectedApp?: SelectedApp;
}

const HEADERLESS: ReadonlySet<RoutePath> = new Set([ROUTES.login, ROUTES.signup, ROUTES.forgotPassword]);
const UCUBE_HEADER: ReadonlySet<RoutePath> = new Set([
  ROUTES.landing,
  ROUTES.homepage,
  ROUTES.teamLevels,
  ROUTES.distributorTeamLevels,
  ROUTES.disciplinaryTeamLevels,
]);

/** Spec section 2: no header on the auth screens, the UCube header on five routes, the reports header elsewhere. */
export function headerFor(path: string): HeaderKind {
  if (HEADERLESS.has(path as RoutePath)) return 'none';
  if (UCUBE_HEADER.has(path as RoutePath)) return 'ucube';
  return 'reports';
}

function def(id: RouteId, access: RouteAccess, titleKey: MessageKey, selectedApp?: SelectedApp): RouteDef {
  const path = ROUTES[id];
  return { id, path, access, header: headerFor(path), titleKey, ...(selectedApp ? { selectedApp } : {}) };
}

export const ROUTE_TABLE: readonly RouteDef[] = [
  def('login', 'public', 'page.login.title'),
  def('signup', 'public', 'page.signup.title'),
  def('forgotPassword', 'public', 'page.forgotPassword.title'),
  def('homepage', 'public', 'page.homepage.title', 'ucube'),
  def('landing', 'public', 'page.landing.title'),
  def('landingScreen', 'public', 'page.landing.title'),
  def('taskManagement', 'adminAccess', 'page.taskManagement.title', 'taskmanagement'),
  def('deviceGeoCompliance', 'adminAccess', 'page.deviceGeoCompliance.title'),
  def('outletStatus', 'adminAccess', 'page.outletStatus.title'),
  def('adminConfiguration', 'adminAccess', 'page.adminConfiguration.title'),
  def('userAccess', 'adminAccess', 'page.userAccess.title', 'useraccess'),
  def('estimatedBestPrice', 'adminAccess', 'page.estimatedBestPrice.title'),
  def('salesmanDeviceId', 'adminAccess', 'page.salesmanDeviceId.title'),
  def('outletGeoCompliance', 'adminAccess', 'page.outletGeoCompliance.title'),
  def('merchandizingSets', 'adminAccess', 'page.merchandizingSets.title'),
  def('teamLevels', 'ucubeAccess', 'page.teamLevels.title'),
  def('distributorTeamLevels', 'ucubeAccess', 'page.distributorTeamLevels.title'),
  def('disciplinaryTeamLevels', 'ucubeAccess', 'page.disciplinaryTeamLevels.title'),
  def('reportPage', 'opsReportAccess', 'page.reportPage.title'),
  def('operationalReportsLanding', 'opsReportAccess', 'page.operationalReportsLanding.title', 'operational'),
];

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
