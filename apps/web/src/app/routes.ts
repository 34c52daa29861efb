import type { MessageKey } from '../lib/i18n/en';
import { ROUTES, type RouteId, type RoutePath } from '../lib/routes';
import type { SelectedApp } from '../lib/storage';

/* The app layer's route table: the access flag, header and title of each path in lib/routes.ts. */

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
