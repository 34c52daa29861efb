/**
 * The English words every screen may need, in the first download: the shell, sign-in, UCube, the
 * reports, tracking, the shared admin parts (tables, uploads, the Activity Log, Outlet Status), admin
 * configuration and the salesman BG mapping of the reports header. The admin tools' own words
 * (en-admin-tools.ts) come with the admin screens' chunks (loadAdminWords).
 */
import { base } from './en-base';
import { ucubeEn } from './ucube.en';
import { trendEn } from './trend.en';
import { reportsEn } from './reports.en';
import { termsEn } from './terms.en';
import { valuesEn } from './values.en';
import { adminEn } from './admin.en';
import { trackingEn } from './tracking.en';
import { configEn } from './config.en';
import { userUploadEn } from './user-upload.en';

export const enCore = {
  ...base,
  ...ucubeEn,
  ...trendEn,
  ...reportsEn,
  ...termsEn,
  ...valuesEn,
  ...adminEn,
  ...trackingEn,
  ...configEn,
  ...userUploadEn,
} as const;
