/**
 * Admin configuration (/adminconfigurationpage, issue 13): each market's feature flags of spec section 3
 * and the Outlet Status email-domain rule, read by everyone signed in, edited by the market's admins.
 */
import { z } from 'zod';
import { abilitiesSchema } from './admin.js';
import { COUNTRY_FLAG_NAMES, countryCodeSchema, type CountryFlagName } from './countries.js';

export const ADMIN_CONFIG_API = '/api/admin/configuration';
export const MARKET_FLAGS_API = '/api/config/flags';

export const FLAG_GROUPS = ['adminTools', 'reports', 'ucube', 'signIn', 'market'] as const;
export type FlagGroup = (typeof FLAG_GROUPS)[number];

export interface FlagInfo {
  group: FlagGroup;
  /** Turning it off (or on) changes what many users can do: the page asks to confirm. */
  risky: boolean;
  /** False for the market's identity and integration routing, which an admin does not change. */
  editable: boolean;
  /** Whether the portal acts on it today (others are kept for the apps and integrations that read them). */
  inEffect: boolean;
  /** One line in English (the API's words; the web has its own in both languages). */
  explanation: string;
}

/** Every flag of spec section 3, in the order the page lists them within their group. */
export const FLAG_INFO: Record<CountryFlagName, FlagInfo> = {
  OfflineApp: {
    group: 'adminTools',
    risky: true,
    editable: true,
    inEffect: true,
    explanation:
      'The offline app is used in this market: Outlet Status Online/Offline is available; when off, admins land on Admin configuration instead.',
  },
  outletGeoCompliance: {
    group: 'adminTools',
    risky: true,
    editable: true,
    inEffect: true,
    explanation: 'Outlet Geo-Compliance is available to the market’s admins (menu entry and its calls).',
  },
  salesmandeviceid: {
    group: 'adminTools',
    risky: true,
    editable: true,
    inEffect: true,
    explanation: 'Salesman Device ID Update is available to the market’s admins (menu entry and its calls).',
  },
  isCDA: {
    group: 'adminTools',
    risky: false,
    editable: true,
    inEffect: true,
    explanation: 'The market runs CDA: Merchandizing Sets appears in the admin menu.',
  },
  siteCodeCheck: {
    group: 'adminTools',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'DT site codes are checked in admin uploads and filters.',
  },
  DownloadReports: {
    group: 'reports',
    risky: true,
    editable: true,
    inEffect: true,
    explanation:
      'Reports can be downloaded as CSV or XLSX; when off, export buttons disappear and export calls are refused.',
  },
  exportHide: {
    group: 'reports',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'Hides the export option on report screens of the mobile apps.',
  },
  sortable: {
    group: 'reports',
    risky: false,
    editable: true,
    inEffect: true,
    explanation: 'Report and KPI columns can be sorted; when off, rows keep the server’s order.',
  },
  opsReportNote: {
    group: 'reports',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'Shows the explanatory note on operational reports.',
  },
  MultiSelect: {
    group: 'reports',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'Report filters accept several values at once.',
  },
  UFSFilters: {
    group: 'reports',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'Adds the UFS (food solutions) filters to reports.',
  },
  SearchOptionOnDrilldown: {
    group: 'ucube',
    risky: false,
    editable: true,
    inEffect: true,
    explanation: 'A search box appears on UCube drill-down levels.',
  },
  SMTracking: {
    group: 'ucube',
    risky: true,
    editable: true,
    inEffect: true,
    explanation: 'Salesman location tracking screens are shown; when off, tracking is hidden.',
  },
  newKPIID: {
    group: 'ucube',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'KPIs are identified by the new KPI ids.',
  },
  E2E_E2SEnabled: {
    group: 'ucube',
    risky: false,
    editable: true,
    inEffect: false,
    explanation: 'Shows the end-to-end (E2E/E2S) execution KPIs.',
  },
  enableGTM: {
    group: 'signIn',
    risky: false,
    editable: true,
    inEffect: true,
    explanation:
      'Usage events are recorded (except login, forgot-password and back-to-login, which always are).',
  },
  isVAPTEnabled: {
    group: 'signIn',
    risky: true,
    editable: true,
    inEffect: true,
    explanation: 'Security hardening: every call carries the user, device and login-type headers.',
  },
  SMSEnrolment: {
    group: 'signIn',
    risky: false,
    editable: true,
    inEffect: true,
    explanation: 'Sign-up asks new users to enrol a phone number by SMS.',
  },
  isHPC: {
    group: 'market',
    risky: false,
    editable: false,
    inEffect: true,
    explanation: 'The market is Indonesia HPC (fixed for the market).',
  },
  BTPEndpoint: {
    group: 'market',
    risky: false,
    editable: false,
    inEffect: true,
    explanation: 'File calls go to the BTP endpoint; when off they go under exp/ (fixed for the market).',
  },
};

/** The flags an admin may change (all but the market's identity and integration routing). */
export const EDITABLE_FLAG_NAMES = COUNTRY_FLAG_NAMES.filter((name) => FLAG_INFO[name].editable);

const flagNameSchema = z.enum(COUNTRY_FLAG_NAMES);

/** GET /api/config/flags?countryCode=: the market's flags as the web reads them (every signed-in user). */
export const marketFlagsSchema = z.object({
  countryCode: countryCodeSchema,
  flags: z.record(flagNameSchema, z.boolean()),
});
export type MarketFlags = z.infer<typeof marketFlagsSchema>;

export const lastChangeSchema = z.object({ at: z.string(), byName: z.string() }).nullable();

export const configFlagSchema = z.object({
  name: flagNameSchema,
  value: z.boolean(),
  defaultValue: z.boolean(),
  group: z.enum(FLAG_GROUPS),
  risky: z.boolean(),
  editable: z.boolean(),
  inEffect: z.boolean(),
  explanation: z.string(),
  lastChange: lastChangeSchema,
});
export type ConfigFlag = z.infer<typeof configFlagSchema>;

/** GET and PATCH /api/admin/configuration: the page's answer. */
export const adminConfigSchema = z.object({
  countryCode: countryCodeSchema,
  flags: z.array(configFlagSchema),
  outletStatusEmailDomains: z.object({
    domains: z.array(z.string()),
    explanation: z.string(),
    lastChange: lastChangeSchema,
  }),
  can: abilitiesSchema,
});
export type AdminConfig = z.infer<typeof adminConfigSchema>;

/** A domain as the email-domain rule compares it: letters, digits, dots and hyphens, lower case. */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const OUTLET_STATUS_DOMAINS_MAX = 20;

export const OUTLET_STATUS_DOMAINS_EXPLANATION =
  'Outlet Status Online/Offline is shown only to admins whose email address ends in one of these domains.';

/** PATCH /api/admin/configuration: one or more flags and/or the email-domain list. */
export const updateAdminConfigSchema = z
  .object({
    flags: z.partialRecord(flagNameSchema, z.boolean()).optional(),
    outletStatusEmailDomains: z
      .array(
        z.string().trim().toLowerCase().regex(EMAIL_DOMAIN_PATTERN, 'must be a domain such as example.com'),
      )
      .max(OUTLET_STATUS_DOMAINS_MAX)
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body.flags ?? {}).length > 0 || body.outletStatusEmailDomains !== undefined, {
    message: 'Send at least one flag or the email-domain list.',
  });
export type UpdateAdminConfig = z.infer<typeof updateAdminConfigSchema>;
