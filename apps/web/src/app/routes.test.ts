import { describe, expect, it } from 'vitest';
import { adminMenuFromServer } from '../features/admin/admin-tools';
import { initialClientState } from '../lib/store';
import { buildUser } from '../test/factories';
import { accessRedirect } from './guards';
import { reportPageUrl, ROUTES } from '../lib/routes';
import { headerFor, ROUTE_TABLE, type RouteAccess } from './routes';

/** Spec section 2, copied by hand so a change to the route file has to be deliberate. */
const SPEC_ROUTES: Record<string, RouteAccess> = {
  '/login': 'public',
  '/signup': 'public',
  '/forgotpassword': 'public',
  '/homepage': 'public',
  '/': 'public',
  '/landingscreen': 'public',
  '/taskmanagment': 'adminAccess',
  '/devicegeocompliance': 'adminAccess',
  '/outletStatus': 'adminAccess',
  '/adminconfigurationpage': 'adminAccess',
  '/useraccess': 'adminAccess',
  '/estimatedbestprice': 'adminAccess',
  '/salesmandeviceid': 'adminAccess',
  '/outletGeoCompliance': 'adminAccess',
  '/merchandizingSets': 'adminAccess',
  '/teamlevels': 'ucubeAccess',
  '/distributorteamlevels': 'ucubeAccess',
  '/disciplinaryteamlevels': 'ucubeAccess',
  '/reportpage': 'opsReportAccess',
  '/operationalreportslandingpage': 'opsReportAccess',
};

describe('route table', () => {
  it('has exactly the spec routes with the spec access', () => {
    const table = Object.fromEntries(ROUTE_TABLE.map((r) => [r.path, r.access]));
    expect(table).toEqual(SPEC_ROUTES);
    expect(new Set(ROUTE_TABLE.map((r) => r.path)).size).toBe(ROUTE_TABLE.length);
  });

  it('uses the spec headers', () => {
    const byHeader = (kind: string) =>
      ROUTE_TABLE.filter((r) => r.header === kind)
        .map((r) => r.path)
        .sort();
    expect(byHeader('none')).toEqual(['/forgotpassword', '/login', '/signup']);
    expect(byHeader('ucube')).toEqual(
      ['/', '/homepage', '/teamlevels', '/distributorteamlevels', '/disciplinaryteamlevels'].sort(),
    );
    expect(byHeader('reports')).toHaveLength(ROUTE_TABLE.length - 8);
    expect(headerFor('/landingscreen')).toBe('reports');
  });

  it('sets selectedApp on the spec screens', () => {
    const apps = Object.fromEntries(
      ROUTE_TABLE.filter((r) => r.selectedApp).map((r) => [r.path, r.selectedApp]),
    );
    expect(apps).toEqual({
      '/homepage': 'ucube',
      '/operationalreportslandingpage': 'operational',
      '/useraccess': 'useraccess',
      '/taskmanagment': 'taskmanagement',
    });
  });

  it('builds the report page URL with name and category', () => {
    expect(reportPageUrl('Order Loss Report', 'transactionalreports')).toBe(
      '/reportpage?reportName=Order+Loss+Report&reportCategory=transactionalreports',
    );
  });
});

describe('accessRedirect', () => {
  const signedOut = initialClientState();
  const signedIn = { ...signedOut, userDetails: buildUser() };

  it('lets anyone through a public route', () => {
    expect(accessRedirect('public', signedOut)).toBeNull();
  });

  it.each(['adminAccess', 'ucubeAccess', 'opsReportAccess'] as const)(
    'sends a visitor without %s to /login, a signed-in user to the landing screen',
    (access) => {
      expect(accessRedirect(access, signedOut)).toBe(ROUTES.login);
      expect(accessRedirect(access, signedIn)).toBe(ROUTES.landing);
      expect(accessRedirect(access, { ...signedIn, [access]: true })).toBeNull();
    },
  );
});

describe('admin menu', () => {
  // Which tools a market has is the server's answer (GET admin/tools; per-country conditions tested
  // in apps/server/test/platform/admin.test.ts): the web keeps its order and paths and adds words.
  it('keeps the server’s order and paths, and leaves the hub itself out', () => {
    const can = { view: true, edit: true, upload: false, export: true };
    const items = adminMenuFromServer([
      { key: 'outletStatus', path: '/outletStatus', can },
      { key: 'userAccess', path: '/useraccess', can },
      { key: 'adminConfiguration', path: '/adminconfigurationpage', can },
    ]);
    expect(items.map((i) => [i.to, i.labelKey])).toEqual([
      [ROUTES.outletStatus, 'nav.outletStatus'],
      [ROUTES.userAccess, 'nav.userAccess'],
    ]);
    expect(items[0]!.can).toEqual(can);
  });
});
