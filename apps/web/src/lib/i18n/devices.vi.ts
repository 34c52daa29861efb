import type { devicesEn } from './devices.en';

/** Vietnamese strings of Salesman Device ID and Device Geo-Compliance (issue 12). */
export const devicesVi: Record<keyof typeof devicesEn, string> = {};
