/**
 * Device Geo-Compliance (issue 12; spec section 2): per salesman device, whether visits must be
 * recorded inside the outlet's radius and the radius in metres. The list, filtered list and export come
 * from the declared table through registerAdminTable; the single edit is PUT; the bulk update is the
 * 'deviceGeoCompliance' import (import-definition.ts) through the file calls. The spec names no paths:
 * they are /api/admin/deviceGeoCompliance/… (docs/admin.md). Admins of the market, within their DT scope.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICE_GEO_API,
  deviceGeoPageSchema,
  deviceGeoQuerySchema,
  GEO_RADIUS_MAX_M,
  GEO_RADIUS_MIN_M,
  saveDeviceGeoResultSchema,
  saveDeviceGeoSchema,
} from '@fieldforce/contracts';
import { changedRow, registerAdminChange, registerAdminTable } from '../../lib/tables/index.js';
import { assertDeviceGeo } from './policy.js';
import { deviceGeoRow, saveDeviceGeo } from './queries.js';
import { deviceGeoTable } from './table.js';
// Registers the 'deviceGeoCompliance' upload with the import pipeline (and names the tool).
import { DEVICE_GEO_TOOL } from './import-definition.js';

const ACCESS_TEXT =
  'Admins (userType admin) of the market, rows limited to the market and the caller’s DT codes.';
const FILTER_TEXT =
  'filter_dt_code, filter_sm_code: comma-joined codes, at most 10 each (400 naming the field past that); ' +
  'filter_geo_compliance: 1 (required) or 0. sort: a column key, - for descending; page, pageSize.';

export const deviceGeoComplianceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAdminTable(app, {
    tool: 'deviceGeoCompliance',
    table: deviceGeoTable,
    query: deviceGeoQuerySchema,
    page: deviceGeoPageSchema,
    access: ACCESS_TEXT,
    filters: FILTER_TEXT,
    authorize: assertDeviceGeo,
    list: [
      {
        path: `${DEVICE_GEO_API}/list`,
        summary: 'Device Geo-Compliance: a page of every salesman device with its setting (no filters)',
        filters: false,
      },
      {
        path: `${DEVICE_GEO_API}/filterResult`,
        summary: 'Device Geo-Compliance: a page of the salesman devices matching the filters',
        filters: true,
      },
    ],
    export: {
      path: `${DEVICE_GEO_API}/fileExport`,
      summary: 'Device Geo-Compliance: the filtered devices as a CSV or XLSX file, streamed',
      fileName: (market) => `device-geo-compliance_${market}`,
      sheetName: 'Device Geo-Compliance',
    },
    filterOptions: {
      path: `${DEVICE_GEO_API}/filters`,
      summary: 'Device Geo-Compliance: the DT codes and DT site codes the caller may filter by',
    },
  });

  registerAdminChange(app, {
    method: 'PUT',
    path: DEVICE_GEO_API,
    tool: DEVICE_GEO_TOOL,
    summary: 'Device Geo-Compliance: set one salesman device’s check and radius',
    description:
      `${ACCESS_TEXT} geoCompliance 1 (visits must be recorded inside the outlet’s radius) or 0; radiusM a whole ` +
      `number of metres from ${GEO_RADIUS_MIN_M} to ${GEO_RADIUS_MAX_M}. The salesman must be one of the ` +
      "market’s inside the caller’s DT codes (404 otherwise). One audit entry when it changes ('device.geo.update', " +
      'before and after {geoCompliance, radiusM}); the data version is bumped.',
    body: saveDeviceGeoSchema,
    response: saveDeviceGeoResultSchema,
    authorize: (q, user, market) => assertDeviceGeo(q, user, market, 'edit'),
    run: (tx, ctx) => saveDeviceGeo(tx, ctx.user, ctx.market, ctx.body),
    answer: changedRow((tx, ctx) => deviceGeoRow(tx, ctx.user, ctx.market, ctx.body.smCode)),
  });
};
