/** English strings of Salesman Device ID and Device Geo-Compliance (issue 12). */
export const devicesEn = {} as const;
