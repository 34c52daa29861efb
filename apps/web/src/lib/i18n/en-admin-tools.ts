/**
 * The admin tools' own English words, fetched with the admin screens (loadAdminWords in i18n.tsx,
 * app/pages.ts): most people never open an admin tool, so the first download does not carry them.
 */
import { outletGeoEn } from './outlet-geo.en';
import { devicesEn } from './devices.en';
import { bestPriceEn } from './best-price.en';
import { merchandizingEn } from './merchandizing.en';
import { tasksEn } from './tasks.en';
import { merchImagesEn } from './merch-images.en';
import { userAccessEn } from './user-access.en';
import { usageEn } from './usage.en';

export const enAdminTools = {
  ...outletGeoEn,
  ...devicesEn,
  ...bestPriceEn,
  ...merchandizingEn,
  ...tasksEn,
  ...merchImagesEn,
  ...userAccessEn,
  ...usageEn,
} as const;
