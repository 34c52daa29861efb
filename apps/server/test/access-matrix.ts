/**
 * The authorization matrix: one row per route of the OpenAPI document, saying who may call it. The test
 * (authorization-matrix.test.ts) signs in every demo role in two markets (vn and bd) and checks every
 * cell; a route missing from this table fails it. Later issues add their rows here.
 *
 * Cells: the demo sign-ins of db/seed/demo-users.ts — super (the Super User, acting in that market),
 * and admin / head / asm / tl / sm / dt / reports / none of the market.
 */
export const MATRIX_KINDS = ['super', 'admin', 'head', 'asm', 'tl', 'sm', 'dt', 'reports', 'none'] as const;
export type MatrixKind = (typeof MATRIX_KINDS)[number];
export const MATRIX_MARKETS = ['vn', 'bd'] as const;
export type MatrixMarket = (typeof MATRIX_MARKETS)[number];

export interface MatrixCaller {
  kind: MatrixKind;
  market: MatrixMarket;
  email: string;
  deviceId: string;
  idToken: string;
}

export interface MatrixRequest {
  /** The concrete URL when the path has parameters. */
  url?: string;
  query?: Record<string, string>;
  payload?: unknown;
}

export interface MatrixRow {
  /** Method and path as the OpenAPI document writes them. */
  route: string;
  /** 'public' (no token needed), or who may call it in each market. */
  allowed: 'public' | Readonly<Record<MatrixMarket, readonly MatrixKind[]>>;
  /** The route does not act on a market (a foreign countryCode is not refused). */
  anyMarket?: true;
  /**
   * A request valid enough that an allowed caller gets past access control; `market` is the one the
   * call acts on (the caller's own, or a foreign one in the cross-market check).
   */
  request?: (caller: MatrixCaller, market: MatrixMarket) => MatrixRequest;
  /** The call ends the caller's session; the test gives each cell a fresh one. */
  endsSession?: true;
  /**
   * A route left out of the OpenAPI document (`schema.hide`): `route` is then Fastify's pattern, and
   * the test checks it against the registered routes instead.
   */
  hidden?: true;
}

const everyone = { vn: MATRIX_KINDS, bd: MATRIX_KINDS } as const;
const admins = { vn: ['admin'], bd: ['admin'] } as const;
const unknownId = 'x'.repeat(43);
/** Operational-report access (accessToOperationalDashboards YES): everyone but the salesman and none. */
const reportReaders = {
  vn: ['super', 'admin', 'head', 'asm', 'tl', 'dt', 'reports'],
  bd: ['super', 'admin', 'head', 'asm', 'tl', 'dt', 'reports'],
} as const;
const transactionalReport = () => ({
  url: '/api/reports/salesperson-visit-summary',
  query: { from: '2026-11-01', to: '2026-11-20' },
});

/** Salesman tracking: operational-report access in markets whose SMTracking flag is on (vn, not bd). */
const trackingReaders = { vn: reportReaders.vn, bd: [] } as const;

/** Outlet Status: admins, only where the OfflineApp flag is on (bd; not vn). */
const outletStatusAdmins = { vn: [], bd: ['admin'] } as const;

/** Merchandizing Sets: admins, only where the isCDA flag is on (vn; not bd). */
const merchAdmins = { vn: ['admin'], bd: [] } as const;

/** UCube access (accessToUcube YES with a role): everyone but reports and none. */
const ucubeUsers = {
  vn: ['super', 'admin', 'head', 'asm', 'tl', 'sm', 'dt'],
  bd: ['super', 'admin', 'head', 'asm', 'tl', 'sm', 'dt'],
} as const;

/** A valid Task Management form (POST/PUT /api/admin/tasks). */
const matrixTask = {
  title: 'Matrix task',
  kind: 'displayCheck',
  customerCodes: ['999999999999'],
  startDate: '2030-01-01',
  endDate: '2030-01-31',
};

/** A one-event usage batch (POST /api/events). */
const usageBatch = (market: MatrixMarket, event: string) => ({
  countryCode: market,
  events: [
    {
      event,
      at: '2026-11-20T09:00:00.000Z',
      screen: '/homepage',
      deviceType: 'Desktop',
      browser: 'Chrome 140',
      os: 'Linux',
      deviceModel: null,
    },
  ],
});

export const ACCESS_MATRIX: readonly MatrixRow[] = [
  // Platform
  { route: 'GET /api/health', allowed: 'public' },
  { route: 'GET /api/ready', allowed: 'public' },

  // The development identity provider (dev-idp.ts, outside production): hidden from the API document,
  // public, and its sign-in page goes through the portal's sign-in rules (issue 9).
  {
    route: 'GET /oidc/interaction/:uid',
    allowed: 'public',
    hidden: true,
    request: () => ({ url: '/oidc/interaction/unknown-interaction' }),
  },
  {
    route: 'POST /oidc/interaction/:uid/login',
    allowed: 'public',
    hidden: true,
    request: () => ({
      url: '/oidc/interaction/unknown-interaction/login',
      payload: { email: 'nobody@demo.test', password: 'wrong password' },
    }),
  },
  {
    route: 'GET /oidc/*',
    allowed: 'public',
    hidden: true,
    request: () => ({ url: '/oidc/.well-known/openid-configuration' }),
  },
  { route: 'POST /oidc/*', allowed: 'public', hidden: true, request: () => ({ url: '/oidc/token' }) },

  // Sign-in (issue 3)
  {
    route: 'POST /api/fb/accounts/login',
    allowed: 'public',
    request: () => ({
      payload: { email: 'nobody@demo.test', password: 'wrong password', deviceId: 'matrix' },
    }),
  },
  {
    route: 'POST /api/fb/accounts/login/mfa',
    allowed: 'public',
    request: () => ({ payload: { challengeId: unknownId, code: '000000' } }),
  },
  {
    route: 'POST /api/fb/accounts/otp/request',
    allowed: 'public',
    request: () => ({ payload: { email: 'nobody@demo.test' } }),
  },
  {
    route: 'POST /api/fb/accounts/otp/verify',
    allowed: 'public',
    request: () => ({ payload: { email: 'nobody@demo.test', code: '000000', deviceId: 'matrix' } }),
  },
  {
    route: 'POST /api/fb/accounts/refreshtoken',
    allowed: 'public',
    request: () => ({ payload: { grant_type: 'refresh_token', refresh_token: unknownId } }),
  },
  {
    route: 'POST /api/fb/accounts/signup',
    allowed: 'public',
    request: () => ({
      payload: { email: 'nobody@demo.test', invitationCode: 'AAAAA-BBBBB', password: 'matrix passphrase' },
    }),
  },
  {
    route: 'POST /api/fb/accounts/signup/verify',
    allowed: 'public',
    request: () => ({ payload: { enrolmentId: unknownId, code: '000000' } }),
  },
  {
    route: 'GET /api/fb/accounts/sso/start',
    allowed: 'public',
    request: () => ({ query: { deviceId: 'matrix' } }),
  },
  { route: 'GET /api/fb/accounts/sso/callback', allowed: 'public' },
  {
    route: 'POST /api/fb/accounts/logout',
    allowed: everyone,
    anyMarket: true,
    endsSession: true,
    request: (c) => ({ payload: { email: c.email } }),
  },
  {
    route: 'POST /api/fb/accounts/changePassword',
    allowed: everyone,
    anyMarket: true,
    // A wrong current password: 400 once past access control, nothing changes.
    request: () => ({ payload: { currentPassword: 'not the password', newPassword: 'matrix passphrase' } }),
  },
  { route: 'GET /api/fb/accounts/devices', allowed: everyone, anyMarket: true },
  {
    route: 'DELETE /api/fb/accounts/devices/{id}',
    allowed: everyone,
    anyMarket: true,
    request: () => ({ url: `/api/fb/accounts/devices/${unknownId}` }),
  },
  { route: 'GET /api/fb/accounts/mfa/totp', allowed: everyone, anyMarket: true },
  {
    route: 'POST /api/fb/accounts/mfa/totp/enrol',
    allowed: everyone,
    anyMarket: true,
    request: () => ({ payload: { currentPassword: 'not the password' } }),
  },
  {
    route: 'POST /api/fb/accounts/mfa/totp/verify',
    allowed: everyone,
    anyMarket: true,
    request: () => ({ payload: { enrolmentId: unknownId, code: '000000' } }),
  },
  { route: 'GET /api/sessions/v1/checkActiveStatus', allowed: everyone, anyMarket: true },
  {
    route: 'POST /api/sessions/v1/storeSession',
    allowed: everyone,
    request: (c) => ({
      payload: { username: c.email, deviceId: c.deviceId, loginType: 'NON_SSO', token: c.idToken },
    }),
  },
  {
    route: 'PUT /api/sessions/v1/refreshToken',
    allowed: everyone,
    request: (c) => ({ payload: { oldToken: c.idToken, newToken: c.idToken } }),
  },
  { route: 'GET /api/sessions/v1/logout', allowed: everyone, anyMarket: true, endsSession: true },
  {
    route: 'POST /api/sessions/v1/forgotPassword/code',
    allowed: 'public',
    request: () => ({ payload: { username: 'nobody@demo.test' } }),
  },
  {
    route: 'POST /api/sessions/v1/forgotPassword',
    allowed: 'public',
    request: () => ({ payload: { username: 'nobody@demo.test', encryptedPassword: 'AAAA', code: '000000' } }),
  },
  { route: 'GET /api/sessions/v1/publicKey', allowed: 'public' },
  {
    route: 'POST /api/fb/users/profile',
    allowed: everyone,
    request: (c) => ({ payload: { email: c.email } }),
  },
  {
    route: 'POST /api/fb/users/invitation',
    allowed: admins,
    // An address nobody has: 404 for an admin once past access control.
    request: () => ({ payload: { email: 'nobody@demo.test' } }),
  },
  // User access bulk upload and Add Salesman BG Mapping (issue 13): admins of the market.
  {
    route: 'POST /api/fb/users',
    allowed: admins,
    // No multipart body: 400 once past access control.
    request: () => ({ query: { userType: 'salesman' } }),
  },
  { route: 'GET /api/fb/users/template', allowed: admins },
  {
    route: 'GET /api/admin/salesman-bg-mapping',
    allowed: admins,
    // An SM code nobody has: 404 for an admin once past access control.
    request: () => ({ query: { smCode: 'NOSUCHSM' } }),
  },
  {
    route: 'PUT /api/admin/salesman-bg-mapping',
    allowed: admins,
    request: () => ({ payload: { smCode: 'NOSUCHSM', businessGroups: ['Distributor'] } }),
  },

  // Reports & Analytics (issue 5)
  { route: 'GET /api/ucube/operational-kpis/operationalReportsList', allowed: reportReaders },
  { route: 'GET /api/reports/{reportKey}', allowed: reportReaders, request: transactionalReport },
  {
    route: 'GET /api/reports/{reportKey}/export',
    allowed: reportReaders,
    request: () => ({ ...transactionalReport(), url: '/api/reports/salesperson-visit-summary/export' }),
  },
  {
    route: 'GET /api/reports/{reportKey}/totals',
    allowed: reportReaders,
    request: () => ({ ...transactionalReport(), url: '/api/reports/salesperson-visit-summary/totals' }),
  },

  // The admin menu and the Activity Log (issue 11): admins of the market.
  { route: 'GET /api/admin/tools', allowed: admins },
  {
    route: 'GET /api/admin/activityLog',
    allowed: admins,
    // A tool both matrix markets have (Outlet Status is not in vn: 403 for everyone there).
    request: () => ({ query: { tool: 'outletGeoCompliance' } }),
  },

  // Outlet Status Online/Offline (issue 11): admins of a market whose OfflineApp flag is on (bd); in vn
  // the flag is off, so every caller is refused (the web sends them to /adminconfigurationpage).
  { route: 'GET /api/admin/getSalesmanDetails', allowed: outletStatusAdmins },
  { route: 'GET /api/admin/filterResult', allowed: outletStatusAdmins },
  { route: 'GET /api/admin/fileExport', allowed: outletStatusAdmins },
  { route: 'GET /api/admin/outletStatus/filters', allowed: outletStatusAdmins },
  {
    route: 'PUT /api/admin/outletStatus',
    allowed: outletStatusAdmins,
    // An outlet nobody has: 400 for an admin once past access control, nothing changes.
    request: () => ({
      payload: { changes: [{ outletCode: 'NOSUCHOUTLET', dtCode: 'X', dtSiteCode: 'X', status: 0 }] },
    }),
  },

  // Outlet Geo-Compliance (issue 12): admins of a market whose outletGeoCompliance flag is on (vn and bd; th
  // is off). The upload of kind outletGeoCompliance goes through the file calls below.
  { route: 'GET /api/admin/outletGeoCompliance/list', allowed: admins },
  { route: 'GET /api/admin/outletGeoCompliance/filterResult', allowed: admins },
  { route: 'GET /api/admin/outletGeoCompliance/fileExport', allowed: admins },
  { route: 'GET /api/admin/outletGeoCompliance/filters', allowed: admins },
  {
    route: 'PUT /api/admin/outletGeoCompliance',
    allowed: admins,
    // An outlet nobody has: 400 for an admin once past access control, nothing changes.
    request: () => ({
      payload: { changes: [{ outletCode: 'NOSUCHOUTLET', dtCode: 'X', geoCompliance: 0 }] },
    }),
  },

  // Admin configuration (issue 13): every signed-in user of the market reads the flags; the market's admins
  // change them (the payload keeps the current value: nothing changes).
  { route: 'GET /api/config/flags', allowed: everyone },
  { route: 'GET /api/admin/configuration', allowed: everyone },
  {
    route: 'PATCH /api/admin/configuration',
    allowed: admins,
    request: () => ({ payload: { flags: { DownloadReports: true } } }),
  },

  // Salesman Device ID (issue 12): admins of a market whose salesmandeviceid flag is on (every market).
  { route: 'GET /api/admin/salesmanDeviceId/list', allowed: admins },
  { route: 'GET /api/admin/salesmanDeviceId/filterResult', allowed: admins },
  { route: 'GET /api/admin/salesmanDeviceId/fileExport', allowed: admins },
  { route: 'GET /api/admin/salesmanDeviceId/filters', allowed: admins },
  { route: 'GET /api/admin/salesmanDeviceId/settings', allowed: admins },
  {
    route: 'PUT /api/admin/salesmanDeviceId/settings',
    allowed: admins,
    // The switch as the demo data has it (on): nothing changes.
    request: () => ({ payload: { validationEnabled: true } }),
  },
  {
    route: 'PUT /api/admin/salesmanDeviceId',
    allowed: admins,
    // A salesman nobody has: 404 for an admin once past access control, nothing changes.
    request: () => ({ payload: { smCode: 'NOSUCHSM', deviceId: 'matrix-device' } }),
  },
  {
    route: 'DELETE /api/admin/salesmanDeviceId',
    allowed: admins,
    request: () => ({ query: { smCode: 'NOSUCHSM' } }),
  },

  // Device Geo-Compliance (issue 12): admins of the market (every market).
  { route: 'GET /api/admin/deviceGeoCompliance/list', allowed: admins },
  { route: 'GET /api/admin/deviceGeoCompliance/filterResult', allowed: admins },
  { route: 'GET /api/admin/deviceGeoCompliance/fileExport', allowed: admins },
  { route: 'GET /api/admin/deviceGeoCompliance/filters', allowed: admins },
  {
    route: 'PUT /api/admin/deviceGeoCompliance',
    allowed: admins,
    // A salesman nobody has: 404 for an admin once past access control, nothing changes.
    request: () => ({ payload: { smCode: 'NOSUCHSM', geoCompliance: 1, radiusM: 100 } }),
  },

  // Estimated Best Price (issue 15): admins of the market with access to all its distributors (not id).
  { route: 'GET /api/admin/estimatedBestPrice/list', allowed: admins },
  { route: 'GET /api/admin/estimatedBestPrice/filterResult', allowed: admins },
  { route: 'GET /api/admin/estimatedBestPrice/fileExport', allowed: admins },
  { route: 'GET /api/admin/estimatedBestPrice/filters', allowed: admins },
  {
    route: 'POST /api/admin/estimatedBestPrice/recompute',
    allowed: admins,
    request: () => ({ payload: {} }),
  },
  {
    route: 'PUT /api/admin/estimatedBestPrice',
    allowed: admins,
    // An item nobody has: 404 for an admin once past access control, nothing changes.
    request: () => ({ payload: { itemCode: 'NOSUCHITEM', outletType: 'NOSUCHTYPE', price: 1 } }),
  },

  // Merchandizing Add Images (issue 15): admins of the market where isCDA is on (vn only); the upload itself
  // is POST /api/file/upload?kind=merchImages. Unknown uploads and images: 404 once past access control.
  {
    route: 'GET /api/admin/merchImages',
    allowed: { vn: ['admin'], bd: [] },
  },
  {
    route: 'GET /api/admin/merchImages/uploads/{jobId}',
    allowed: { vn: ['admin'], bd: [] },
    request: () => ({ url: '/api/admin/merchImages/uploads/nosuchjob' }),
  },
  {
    route: 'GET /api/admin/merchImages/{id}/image',
    allowed: { vn: ['admin'], bd: [] },
    request: () => ({ url: '/api/admin/merchImages/00000000-0000-4000-8000-000000000000/image' }),
  },
  {
    route: 'GET /api/admin/merchImages/{id}/thumbnail',
    allowed: { vn: ['admin'], bd: [] },
    request: () => ({ url: '/api/admin/merchImages/00000000-0000-4000-8000-000000000000/thumbnail' }),
  },

  // Task Management (issue 15): admins of the market (every market), within their DT codes. A task nobody
  // has: 404 once past access control; a create naming an outlet nobody has: 400, nothing changes.
  { route: 'GET /api/admin/tasks/list', allowed: admins },
  { route: 'GET /api/admin/tasks/filterResult', allowed: admins },
  { route: 'GET /api/admin/tasks/fileExport', allowed: admins },
  { route: 'GET /api/admin/tasks/outletTypes', allowed: admins },
  { route: 'GET /api/admin/tasks/outlets', allowed: admins, request: () => ({ query: { task: 'T999999' } }) },
  {
    route: 'GET /api/admin/tasks/outlets/fileExport',
    allowed: admins,
    request: () => ({ query: { task: 'T999999' } }),
  },
  {
    route: 'GET /api/admin/tasks/{code}',
    allowed: admins,
    request: () => ({ url: '/api/admin/tasks/T999999' }),
  },
  {
    route: 'GET /api/admin/tasks/{code}/progress',
    allowed: admins,
    request: () => ({ url: '/api/admin/tasks/T999999/progress' }),
  },
  {
    route: 'POST /api/admin/tasks',
    allowed: admins,
    request: () => ({ payload: { ...matrixTask, customerCodes: ['999999999999'] } }),
  },
  {
    route: 'PUT /api/admin/tasks/{code}',
    allowed: admins,
    request: () => ({ url: '/api/admin/tasks/T999999', payload: matrixTask }),
  },
  {
    route: 'POST /api/admin/tasks/{code}/close',
    allowed: admins,
    request: () => ({ url: '/api/admin/tasks/T999999/close' }),
  },

  // Merchandizing Sets (issue 15): admins of a market whose isCDA flag is on (vn; every caller refused in bd).
  // Unknown sets: 404 once past access control, nothing changes.
  { route: 'GET /api/admin/merchandizingSets/list', allowed: merchAdmins },
  { route: 'GET /api/admin/merchandizingSets/filterResult', allowed: merchAdmins },
  { route: 'GET /api/admin/merchandizingSets/fileExport', allowed: merchAdmins },
  { route: 'GET /api/admin/merchandizingSets/filters', allowed: merchAdmins },
  {
    route: 'GET /api/admin/merchandizingSets/set',
    allowed: merchAdmins,
    request: () => ({ query: { setId: 'NOSUCHSET' } }),
  },
  {
    route: 'GET /api/admin/merchandizingSets/compliance',
    allowed: merchAdmins,
    request: () => ({ query: { setId: 'NOSUCHSET' } }),
  },
  {
    route: 'POST /api/admin/merchandizingSets/set',
    allowed: merchAdmins,
    // Invalid dates (end before go live): 400 once past access control, nothing changes.
    request: () => ({
      payload: {
        setId: 'MATRIX-SET',
        setName: 'Matrix',
        buAssetType: 'X',
        subRegion: 'Y',
        osaHurdle: 1,
        facingsHurdle: 1,
        stockHurdle: 1,
        goLive: '2026-02-01',
        endDate: '2026-01-01',
      },
    }),
  },
  {
    route: 'POST /api/admin/merchandizingSets/display',
    allowed: merchAdmins,
    request: () => ({
      payload: {
        setId: 'NOSUCHSET',
        displayId: 'NOSUCHDISPLAY',
        displayName: 'Matrix',
        products: [{ productOrder: 1, itemCode: 'NOSUCHITEM', facings: 1, depth: 1 }],
      },
    }),
  },
  {
    route: 'POST /api/admin/merchandizingSets/outlet',
    allowed: merchAdmins,
    request: () => ({
      payload: { setId: 'NOSUCHSET', displayId: 'NOSUCHDISPLAY', outletCode: '1', times: 1 },
    }),
  },
  {
    route: 'DELETE /api/admin/merchandizingSets/outlet',
    allowed: merchAdmins,
    request: () => ({ query: { setId: 'NOSUCHSET', displayId: 'NOSUCHDISPLAY', outletCode: '1' } }),
  },
  {
    route: 'POST /api/admin/merchandizingSets/version',
    allowed: merchAdmins,
    request: () => ({ payload: { setId: 'NOSUCHSET' } }),
  },

  // User Access (issue 13): admins of the market (every market). A user nobody has: 404 once past access
  // control, nothing changes.
  { route: 'GET /api/admin/userAccess/list', allowed: admins },
  { route: 'GET /api/admin/userAccess/filterResult', allowed: admins },
  { route: 'GET /api/admin/userAccess/fileExport', allowed: admins },
  { route: 'GET /api/admin/userAccess/filters', allowed: admins },
  {
    route: 'GET /api/admin/userAccess/user',
    allowed: admins,
    request: () => ({ query: { userId: 'nosuchuser' } }),
  },
  {
    route: 'PUT /api/admin/userAccess',
    allowed: admins,
    request: () => ({ payload: { userId: 'nosuchuser' } }),
  },
  {
    route: 'POST /api/admin/userAccess/deactivate',
    allowed: admins,
    request: () => ({ payload: { userId: 'nosuchuser' } }),
  },
  {
    route: 'POST /api/admin/userAccess/reactivate',
    allowed: admins,
    request: () => ({ payload: { userId: 'nosuchuser' } }),
  },
  {
    route: 'POST /api/admin/userAccess/endSessions',
    allowed: admins,
    request: () => ({ payload: { userId: 'nosuchuser' } }),
  },

  // The import pipeline's file calls (issue 11): admins of the market (an unknown import or file is 404);
  // the upload needs the kind's tool upload ability (Outlet Status: bd, not vn). The exp/ form answers 404
  // to every admin while every market has a BTP endpoint.
  {
    route: 'POST /api/file/upload',
    allowed: outletStatusAdmins,
    // No multipart body: 400 once past access control.
    request: () => ({ query: { kind: 'outletStatus' } }),
  },
  { route: 'GET /api/file/checkstatus', allowed: admins, request: () => ({ query: { jobId: 'nosuchjob' } }) },
  { route: 'POST /api/file/apply', allowed: admins, request: () => ({ query: { jobId: 'nosuchjob' } }) },
  {
    route: 'GET /api/file/download/{id}',
    allowed: admins,
    request: () => ({ url: '/api/file/download/nosuchfile' }),
  },
  {
    route: 'POST /api/exp/file/upload',
    allowed: admins,
    // No multipart body: 400 once past access control (404 in markets with a BTP endpoint: all but pk, bd).
    request: () => ({ query: { kind: 'outletStatus' } }),
  },
  {
    route: 'GET /api/exp/file/checkstatus',
    allowed: admins,
    request: () => ({ query: { jobId: 'nosuchjob' } }),
  },
  { route: 'POST /api/exp/file/apply', allowed: admins, request: () => ({ query: { jobId: 'nosuchjob' } }) },
  {
    route: 'GET /api/exp/file/download/{id}',
    allowed: admins,
    request: () => ({ url: '/api/exp/file/download/nosuchfile' }),
  },

  // UCube analytics (issue 4)
  { route: 'GET /api/ucube/individual-performance-kpis', allowed: ucubeUsers },
  { route: 'GET /api/ucube/individual-distributor-kpis', allowed: ucubeUsers },
  { route: 'GET /api/ucube/individual-disciplinary-kpis', allowed: ucubeUsers },
  { route: 'GET /api/ucube/daily-trend', allowed: ucubeUsers },
  {
    route: 'GET /api/ucube/salesman-day',
    allowed: ucubeUsers,
    // A salesperson of the market the call acts on, in every allowed caller's scope.
    request: (_caller, market) => ({ query: { emailId: `sm.${market}@demo.test` } }),
  },
  // Usage events (issue 13): any signed-in user for a market of theirs; the pre-sign-in events public.
  {
    route: 'POST /api/events',
    allowed: everyone,
    anyMarket: true,
    request: (_caller, market) => ({ payload: usageBatch(market, 'homepage') }),
  },
  {
    route: 'POST /api/events/public',
    allowed: 'public',
    request: () => ({ payload: usageBatch('vn', 'backToLogin') }),
  },
  // The usage page (issue 13, inside Admin Configuration): the market's admins.
  {
    route: 'GET /api/usage/overview',
    allowed: admins,
    request: () => ({ query: { from: '2026-11-01', to: '2026-11-20' } }),
  },
  {
    route: 'GET /api/usage/export',
    allowed: admins,
    request: () => ({ query: { from: '2026-11-01', to: '2026-11-20' } }),
  },

  // Salesman tracking (issue 14): operational-report access, only where SMTracking is on (vn; not bd).
  { route: 'GET /api/tracking/salesmen', allowed: trackingReaders },
  { route: 'GET /api/tracking/stores', allowed: trackingReaders },
  { route: 'GET /api/tracking/salesmen/export', allowed: trackingReaders },
  {
    route: 'GET /api/tracking/salesmen/{smCode}/day',
    allowed: trackingReaders,
    // A salesman nobody has: 404 once past access control.
    request: () => ({ url: '/api/tracking/salesmen/NOSUCHSM/day' }),
  },
];
